import { Spinner } from '../../components/spinner';

/**
 * What shows while the first page's code loads: the shell's dark bar and a spinner, no layout jump.
 * index.html shows the same before any script runs; keep the two alike.
 */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="on-dark border-b border-white/10 bg-slate-950 text-white">
        <div className="container-page flex h-16 items-center gap-4" aria-hidden="true">
          <span className="inline-flex items-center gap-2">
            <span className="h-8 w-8 shrink-0" />
            <span className="text-xl font-black tracking-tight">
              Gear<span className="text-brand-400">house</span>
            </span>
          </span>
        </div>
      </div>
      <Spinner className="flex-1" />
    </div>
  );
}
