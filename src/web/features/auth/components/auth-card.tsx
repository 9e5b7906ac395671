import type { ReactNode } from 'react';
import * as copy from '#shared/copy';
import { Logo } from '../../../components/logo';

interface AuthCardProps {
  title: string;
  text?: string;
  children: ReactNode;
  /** Under the card: links to the other account pages. */
  footer?: ReactNode;
}

/** The frame of the account pages (login, sign-up, reset): a centred card with the page's one h1. */
export function AuthCard({ title, text, children, footer }: AuthCardProps) {
  return (
    <div className="bg-slate-50 px-4 py-10 sm:py-16">
      <title>{`${title} · ${copy.brand}`}</title>
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <div className="on-dark inline-flex rounded-xl bg-slate-950 px-3 py-2 text-white">
            <Logo />
          </div>
          <h1 className="mt-6 text-3xl font-black tracking-tight text-slate-900">{title}</h1>
          {text ? <p className="mt-2 text-slate-600">{text}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-slate-700">{footer}</div> : null}
      </div>
    </div>
  );
}

/** "or", between the email form and the other ways to sign in. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-4 text-sm font-semibold text-slate-500 uppercase">
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      {copy.auth.or}
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
    </div>
  );
}
