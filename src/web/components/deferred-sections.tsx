import { type ComponentType, memo, Suspense, use, useEffect, useRef } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { SectionBoundary } from './section-boundary';
import { onceNearViewport } from './when-near-viewport';

export interface DeferredSections<M> {
  /** Loads the module, once: the page's loader waits for it on the server and starts it on a navigation. */
  load(): Promise<M>;
  /** A section of the module, to place in the page. */
  section<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P>;
}

/**
 * Below-the-fold sections of a server-rendered page whose code the browser loads only when the visitor
 * scrolls within `margin` of one of them, so the page's first JavaScript leaves them out
 * (docs/decisions/0005-web-loading.md). The server draws them in full, its loader having loaded the
 * module. While the browser takes the page over, a section whose code has not arrived keeps the server's
 * markup exactly as it is (React leaves a suspended boundary as rendered and hydrates it later, in
 * place), so nothing moves or flashes when the code arrives. A page the browser renders itself loads the
 * module at once.
 */
export function deferredSections<M>(importModule: () => Promise<M>, margin = '400px'): DeferredSections<M> {
  type Loading = Promise<M> & { status?: 'fulfilled'; value?: M };
  let loaded = false;
  let loading: Loading | undefined;
  const load = () => {
    if (loading) return loading;
    const promise: Loading = importModule().then((module) => {
      // As React marks a promise it has seen settle: use() then returns at once instead of suspending.
      promise.status = 'fulfilled';
      promise.value = module;
      loaded = true;
      return module;
    });
    loading = promise;
    return promise;
  };
  let reportNear = () => {};
  // One promise for every section of the module, so React's retries wait on the same one.
  const near = new Promise<void>((resolve) => {
    reportNear = resolve;
  }).then(load);

  function Code<P extends object>({ pick, props }: { pick: (module: M) => ComponentType<P>; props: P }) {
    // False only while React takes over the server's markup.
    const hydrated = useHydrated();
    const Section = pick(use(hydrated || loaded ? load() : near));
    return <Section {...props} />;
  }

  return {
    load,
    section<P extends object>(pick: (module: M) => ComponentType<P>) {
      // Memoised: a page that renders again (a fetch starting or ending) must not reach a section
      // still waiting for its code, or React would drop the server's markup and draw it anew.
      return memo(function DeferredSection(props: P) {
        const ref = useRef<HTMLDivElement>(null);
        useEffect(() => {
          const element = ref.current;
          if (loaded || !element) return undefined;
          if (typeof IntersectionObserver === 'undefined') {
            reportNear();
            return undefined;
          }
          return onceNearViewport(element, margin, reportNear);
        }, []);
        return (
          <div ref={ref}>
            <SectionBoundary>
              <Suspense fallback={null}>
                <Code pick={pick} props={props} />
              </Suspense>
            </SectionBoundary>
          </div>
        );
      });
    },
  };
}
