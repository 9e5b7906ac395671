import * as copy from '#shared/copy';

interface SectionErrorProps {
  onRetry: () => void;
  message?: string;
  onDark?: boolean;
}

/** A part of a page that failed to load, with a way to try again; the rest of the page still works. */
export function SectionError({ onRetry, message = copy.landing.sectionError, onDark = false }: SectionErrorProps) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-10 text-center ${
        onDark ? 'border-white/30 text-slate-200' : 'border-slate-300 text-slate-700'
      }`}
    >
      <p className="font-medium">{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {copy.common.retry}
      </button>
    </div>
  );
}
