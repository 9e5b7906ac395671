import { useLocation } from 'react-router';
import * as copy from '#shared/copy';
import { type InfoPageName, infoPages } from '#shared/info-pages';
import { PageHeader } from '../../components/page-header';

const names = Object.keys(infoPages) as InfoPageName[];

/** /about, /terms, /privacy and /cookies: the shop's short pages, linked from the footer. */
export default function InfoPage() {
  const { pathname } = useLocation();
  const name = names.find((n) => pathname.replace(/\/+$/, '') === `/${n}`) ?? 'about';
  const page = infoPages[name];
  return (
    <>
      <title>{`${page.title} · ${copy.brand}`}</title>
      <PageHeader title={page.title} text={page.intro} />
      <div className="container-page py-10 sm:py-14">
        <div className="max-w-3xl space-y-10">
          {page.sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-3 text-lg leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
