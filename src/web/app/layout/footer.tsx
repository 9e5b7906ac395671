import { useState } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { ShopInfo } from '#shared/schemas/content';
import { SocialIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';
import { useServerTimeUntilHydrated } from '../../lib/server-time';

/** Every entry leads to a page of the shop. */
const lists: { title: string; items: { label: string; to: string }[] }[] = [
  {
    title: copy.footer.services,
    items: [
      { label: copy.footer.serviceLinks.parts, to: paths.parts },
      { label: copy.footer.serviceLinks.reviews, to: paths.reviews },
      { label: copy.footer.serviceLinks.blogs, to: paths.blogs },
      { label: copy.footer.serviceLinks.dashboard, to: paths.dashboard },
    ],
  },
  {
    title: copy.footer.company,
    items: [
      { label: copy.footer.companyLinks.about, to: paths.about },
      { label: copy.footer.companyLinks.contact, to: paths.contact },
    ],
  },
  {
    title: copy.footer.legal,
    items: [
      { label: copy.footer.legalLinks.terms, to: paths.terms },
      { label: copy.footer.legalLinks.privacy, to: paths.privacy },
      { label: copy.footer.legalLinks.cookies, to: paths.cookies },
    ],
  },
];

const networks = Object.keys(copy.footer.socialLabels) as (keyof ShopInfo['social'])[];

export function Footer() {
  const shop = useShopInfoQuery();
  const [now] = useState(() => Date.now());
  const year = new Date(useServerTimeUntilHydrated(now)).getFullYear();
  // Only the networks the shop has configured an address for (SOCIAL_*_URL).
  const social = networks.flatMap((name) => {
    const href = shop.data?.social[name];
    return href ? [{ name, href, label: copy.footer.socialLabels[name] }] : [];
  });
  return (
    <footer className="on-dark bg-slate-950 text-slate-300">
      <div className="h-1 bg-linear-to-r from-brand-700 via-brand-500 to-brand-700" aria-hidden="true" />
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-5">
        <div className="col-span-2">
          <Link to={paths.home} aria-label={copy.nav.homeLink} className="inline-block rounded-lg text-white">
            <Logo />
          </Link>
          <p className="mt-4 max-w-sm leading-relaxed">{copy.footer.about}</p>
          {social.length > 0 ? (
            <>
              <h2 className="mt-8 text-sm font-bold tracking-wider text-white uppercase">{copy.footer.social}</h2>
              <ul className="mt-3 flex gap-2">
                {social.map((link) => (
                  <li key={link.name}>
                    <a
                      href={link.href}
                      aria-label={link.label}
                      rel="noopener noreferrer"
                      className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/5 text-slate-200 ring-1 ring-white/10 transition-colors hover:bg-brand-700 hover:text-white"
                    >
                      <SocialIcon name={link.name} className="h-5 w-5" />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        {lists.map((list) => (
          <div key={list.title}>
            <h2 className="text-sm font-bold tracking-wider text-white uppercase">{list.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {list.items.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className="hover:text-white hover:underline">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-sm text-slate-400">{copy.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
