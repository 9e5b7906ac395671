import { Link } from 'react-router';
import { copy } from '#shared/copy';
import { paths } from '#shared/paths';
import { SocialIcon } from '../../components/icons';
import { Logo } from '../../components/logo';

/** Only entries the shop has a page for are links; the rest are listed as text until those pages exist. */
const footerTargets: Record<string, string> = {
  Contact: `${paths.home}#contact`,
};

const lists = [
  { title: copy.footer.services, items: copy.footer.serviceLinks },
  { title: copy.footer.company, items: copy.footer.companyLinks },
  { title: copy.footer.legal, items: copy.footer.legalLinks },
];

export function Footer() {
  return (
    <footer className="on-dark bg-slate-950 text-slate-300">
      <div className="h-1 bg-linear-to-r from-brand-700 via-brand-500 to-brand-700" aria-hidden="true" />
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-5">
        <div className="col-span-2">
          <Link to={paths.home} aria-label={copy.nav.homeLink} className="inline-block rounded-lg text-white">
            <Logo />
          </Link>
          <p className="mt-4 max-w-sm leading-relaxed">{copy.footer.about}</p>
          <h2 className="mt-8 text-sm font-bold tracking-wider text-white uppercase">{copy.footer.social}</h2>
          <ul className="mt-3 flex gap-2">
            {copy.footer.socialLinks.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  rel="noopener noreferrer"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/5 text-slate-200 ring-1 ring-white/10 transition-colors hover:bg-brand-700 hover:text-white"
                >
                  <SocialIcon name={social.name} className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {lists.map((list) => (
          <div key={list.title}>
            <h2 className="text-sm font-bold tracking-wider text-white uppercase">{list.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {list.items.map((item) => {
                const target = footerTargets[item];
                return (
                  <li key={item}>
                    {target ? (
                      <Link to={target} className="hover:text-white hover:underline">
                        {item}
                      </Link>
                    ) : (
                      <span>{item}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        {/* The server may render this page on the other side of New Year from the browser that shows it. */}
        <p className="container-page py-6 text-sm text-slate-400" suppressHydrationWarning>
          {copy.footer.copyright(new Date().getFullYear())}
        </p>
      </div>
    </footer>
  );
}
