import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { Avatar } from '../../../components/avatar';
import { CloseIcon, MenuIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';

const icon = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  className: 'h-5 w-5 shrink-0',
} as const;

const icons: Record<string, ReactNode> = {
  orders: (
    <svg {...icon}>
      <path d="M9 4h6v3H9zM7 5.5H5v15h14v-15h-2M8.5 11h7M8.5 15h5" />
    </svg>
  ),
  profile: (
    <svg {...icon}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  ),
  quickOrder: (
    <svg {...icon}>
      <path d="M5 4h10l4 4v12H5z" />
      <path d="M8.5 10h7M8.5 13.5h7M8.5 17h4" />
    </svg>
  ),
  review: (
    <svg {...icon}>
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  ),
  add: (
    <svg {...icon}>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M12 8v8M8 12h8" />
    </svg>
  ),
  parts: (
    <svg {...icon}>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="M4 7.5l8 4.5 8-4.5M12 12v9" />
    </svg>
  ),
  categories: (
    <svg {...icon}>
      <path d="M4 5h6v6H4zM14 5h6v6h-6zM4 15h6v4H4zM14 15h6v4h-6z" />
    </svg>
  ),
  car: (
    <svg {...icon}>
      <path d="M5 16v-4l2-5h10l2 5v4M3.5 12h17M5 16h14" />
      <circle cx="8" cy="16.5" r="1.8" />
      <circle cx="16" cy="16.5" r="1.8" />
    </svg>
  ),
  garage: (
    <svg {...icon}>
      <path d="M3 20V9l9-5 9 5v11M7 20v-7h10v7M7 16h10" />
    </svg>
  ),
  truck: (
    <svg {...icon}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </svg>
  ),
  users: (
    <svg {...icon}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c1-3.5 3.5-5.5 6.5-5.5s5.5 2 6.5 5.5M16 4.8a3.5 3.5 0 010 6.4M18 14.8c1.7.8 2.9 2.5 3.5 5.2" />
    </svg>
  ),
  company: (
    <svg {...icon}>
      <path d="M3 21V8l6-4v4l6-4v4l6-4v17zM7 17h2M11 17h2M15 17h2" />
    </svg>
  ),
  inbox: (
    <svg {...icon}>
      <path d="M4 13l2.5-8h11L20 13v6H4z" />
      <path d="M4 13h4.5l1 2.5h5l1-2.5H20" />
    </svg>
  ),
  chart: (
    <svg {...icon}>
      <path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3M20 16V6" />
    </svg>
  ),
  list: (
    <svg {...icon}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M4 5.5l1 1 2-2M4 11.5l1 1 2-2M4 17.5l1 1 2-2" />
    </svg>
  ),
  statement: (
    <svg {...icon}>
      <path d="M7 3h7l5 5v13H7z" />
      <path d="M14 3v5h5M10 13h6M10 17h6" />
    </svg>
  ),
  upload: (
    <svg {...icon}>
      <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
      <path d="M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4" />
    </svg>
  ),
  returns: (
    <svg {...icon}>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
  ),
  key: (
    <svg {...icon}>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M16 7l3 3M14 9l2 2" />
    </svg>
  ),
  // A hook on a line: events sent out to another system.
  webhook: (
    <svg {...icon}>
      <circle cx="15" cy="4.5" r="1.5" />
      <path d="M15 6v8a5 5 0 0 1-10 0v-2l3 3" />
    </svg>
  ),
  settings: (
    <svg {...icon}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  ),
};

interface SidebarLink {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}

/** The user's place in a company whose account is approved (active or on hold); null for anyone else. */
export interface DashboardMembership {
  role: 'buyer' | 'company_admin';
}

/**
 * The sidebar (docs/shop-rules.md, "Navigation"): everyone's pages, then customers' or admins' own;
 * members of an approved company also see their company's saved lists.
 */
function sidebarLinks(isAdmin: boolean, membership: DashboardMembership | null = null): SidebarLink[] {
  const everyone: SidebarLink[] = [
    { to: paths.dashboard, label: copy.dashboard.myOrders, icon: icons.orders, end: true },
    { to: paths.profile, label: copy.dashboard.myProfile, icon: icons.profile },
    { to: paths.returns, label: copy.returns.title, icon: icons.returns },
  ];
  if (!isAdmin)
    return [
      ...everyone,
      { to: paths.quickOrder, label: copy.dashboard.quickOrder, icon: icons.quickOrder },
      // Every customer: where one applies for a trade account, and a member sees their company.
      { to: paths.myCompany, label: copy.dashboard.myCompany, icon: icons.company },
      ...(membership ? [{ to: paths.savedLists, label: copy.savedLists.title, icon: icons.list }] : []),
      { to: paths.garage, label: copy.dashboard.garage, icon: icons.garage },
      // A company admin's: open invoices, payments and the credit left.
      ...(membership?.role === 'company_admin'
        ? [
            { to: paths.statement, label: copy.dashboard.statement, icon: icons.statement },
            { to: paths.apiKeys, label: copy.apiKeys.title, icon: icons.key },
            { to: paths.webhooks, label: copy.webhooks.title, icon: icons.webhook },
          ]
        : []),
      { to: paths.addReview, label: copy.dashboard.addReview, icon: icons.review },
    ];
  return [
    ...everyone,
    { to: paths.overview, label: copy.dashboard.overview, icon: icons.chart },
    { to: paths.addPart, label: copy.dashboard.addPart, icon: icons.add },
    { to: paths.manageParts, label: copy.dashboard.manageParts, icon: icons.parts },
    { to: paths.categories, label: copy.dashboard.categories, icon: icons.categories },
    { to: paths.vehicles, label: copy.dashboard.vehicles, icon: icons.car },
    { to: paths.catalogueImport, label: copy.dashboard.catalogueImport, icon: icons.upload },
    { to: paths.manageOrders, label: copy.dashboard.manageOrders, icon: icons.truck },
    { to: paths.manageUser, label: copy.dashboard.manageUser, icon: icons.users },
    { to: paths.manageCompanies, label: copy.dashboard.manageCompanies, icon: icons.company },
    { to: paths.inbox, label: copy.dashboard.inbox, icon: icons.inbox },
    { to: paths.settings, label: copy.dashboard.settings, icon: icons.settings },
    { to: paths.apiKeys, label: copy.apiKeys.title, icon: icons.key },
    { to: paths.webhooks, label: copy.webhooks.title, icon: icons.webhook },
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-semibold transition-colors ${
    isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

interface DashboardNavProps {
  name: string;
  image: string | null;
  isAdmin: boolean;
  membership?: DashboardMembership | null;
}

/** Under the name: a shop admin, a company member's role in their company, or a customer. */
function roleLabel(isAdmin: boolean, membership: DashboardMembership | null | undefined): string {
  if (isAdmin) return copy.dashboard.roles.admin;
  return membership ? copy.dashboard.roles[membership.role] : copy.dashboard.roles.customer;
}

function SidebarContent({ name, image, isAdmin, membership, onNavigate }: DashboardNavProps & { onNavigate?: () => void }) {
  return (
    <>
      <div className="flex items-center gap-3 px-1">
        <Avatar name={name} image={image} size={44} />
        <div className="min-w-0">
          <p className="truncate font-bold text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">{roleLabel(isAdmin, membership)}</p>
        </div>
      </div>
      <nav aria-label={copy.dashboard.navLabel} className="mt-5 border-t border-slate-200 pt-4">
        <ul className="space-y-1">
          {sidebarLinks(isAdmin, membership).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass} onClick={onNavigate}>
                {link.icon}
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * The dashboard's sidebar: beside the content from lg width up; on smaller screens a menu button
 * that opens it as a drawer from the left edge.
 */
export function DashboardNav(props: DashboardNavProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { pathname } = useLocation();
  const current = sidebarLinks(props.isAdmin, props.membership).find((link) =>
    link.end ? pathname === link.to : pathname.startsWith(link.to),
  );

  return (
    <>
      <aside className="hidden lg:block">
        <div className="sticky top-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <SidebarContent {...props} />
        </div>
      </aside>
      <div className="lg:hidden">
        <button
          type="button"
          className="btn w-full justify-start border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <MenuIcon className="h-5 w-5" />
          {copy.dashboard.openMenu}
          {current ? <span className="ml-auto truncate font-normal text-slate-600">{current.label}</span> : null}
        </button>
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          labelledBy={titleId}
          placement="start"
          className="w-80 max-w-[85vw] p-5"
        >
          <div className="mb-4 flex items-center justify-between">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              {copy.dashboard.navLabel}
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={copy.dashboard.closeMenu}
              onClick={() => setOpen(false)}
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <SidebarContent {...props} onNavigate={() => setOpen(false)} />
        </Modal>
      </div>
    </>
  );
}
