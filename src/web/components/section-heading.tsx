import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  text?: string;
  /** Light text for dark sections. */
  onDark?: boolean;
  align?: 'left' | 'center';
  action?: ReactNode;
}

/** The h2 of a landing or list section, with an optional small label above and a line below. */
export function SectionHeading({ id, eyebrow, title, text, onDark = false, align = 'left', action }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div
      className={`mb-10 flex flex-col gap-4 ${centered ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between'}`}
    >
      <div className={centered ? 'max-w-2xl' : 'max-w-3xl'}>
        {eyebrow ? <p className={`eyebrow mb-3 ${onDark ? 'text-brand-300' : 'text-brand-700'}`}>{eyebrow}</p> : null}
        <h2 id={id} className={`text-3xl font-black tracking-tight sm:text-4xl ${onDark ? 'text-white' : 'text-slate-900'}`}>
          {title}
        </h2>
        <div aria-hidden="true" className={`mt-4 h-1 w-14 rounded-full bg-brand-600 ${centered ? 'mx-auto' : ''}`} />
        {text ? <p className={`mt-4 text-base sm:text-lg ${onDark ? 'text-slate-300' : 'text-slate-600'}`}>{text}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
