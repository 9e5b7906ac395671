import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  text?: string;
  children?: ReactNode;
}

/** The band at the top of a list page: the page's one h1 and a short line. */
export function PageHeader({ title, text, children }: PageHeaderProps) {
  return (
    <div className="on-dark bg-blueprint relative overflow-hidden bg-slate-900 text-white">
      <div aria-hidden="true" className="absolute inset-y-0 right-0 w-1/3 bg-linear-to-l from-brand-700/25 to-transparent" />
      <div className="container-page relative py-12 sm:py-16">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{title}</h1>
        <div aria-hidden="true" className="mt-4 h-1 w-14 rounded-full bg-brand-500" />
        {text ? <p className="mt-4 max-w-2xl text-lg text-slate-300">{text}</p> : null}
        {children}
      </div>
    </div>
  );
}
