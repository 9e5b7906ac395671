import { Spinner } from '../../components/spinner';

/** What shows while the first page's code loads: the shell's dark bar and a spinner, no layout jump. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="h-16 border-b border-white/10 bg-slate-950" />
      <Spinner className="flex-1" />
    </div>
  );
}
