import { act } from '@testing-library/react';
import { useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredSections } from './deferred-sections';

/** A section with state, so a working click proves React has taken it over. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}
const sectionsModule = { Counter };

/** The observers the sections start, so a test can bring one near the viewport. */
let observed: { callback: IntersectionObserverCallback; element: Element }[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ callback: this.callback, element });
  }
  disconnect() {}
}

function scrollNear() {
  for (const { callback, element } of observed) {
    callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}

let root: Root | undefined;
beforeEach(() => {
  observed = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The server's markup of the section: its module loaded first, as the page's loader does. */
async function serverMarkup(): Promise<string> {
  const server = deferredSections(() => Promise.resolve(sectionsModule));
  await server.load();
  const Section = server.section((module) => module.Counter);
  return renderToString(<Section label="Clicked" />);
}

describe('deferredSections', () => {
  it('draws the section in full on the server once its module is loaded', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverMarkup();
    expect(container.querySelector('button')?.textContent).toBe('Clicked 0');
  });

  it('keeps the server markup until the visitor scrolls near, then loads the code and takes it over', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverMarkup();
    document.body.append(container);
    const button = container.querySelector('button');
    const importModule = vi.fn(() => Promise.resolve(sectionsModule));
    const browser = deferredSections(importModule);
    const Section = browser.section((module) => module.Counter);

    await act(async () => {
      root = hydrateRoot(container, <Section label="Clicked" />);
    });
    expect(importModule).not.toHaveBeenCalled();
    // The very element the server drew, not a placeholder.
    expect(container.querySelector('button')).toBe(button);
    expect(button?.textContent).toBe('Clicked 0');

    // The page renders again before the visitor scrolls: the section is left as the server drew it.
    await act(async () => root?.render(<Section label="Clicked" />));
    expect(importModule).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(button);

    await act(async () => scrollNear());
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button?.click());
    expect(button?.textContent).toBe('Clicked 1');
  });

  it('loads the code at once on a page the browser renders itself', async () => {
    const importModule = vi.fn(() => Promise.resolve(sectionsModule));
    const browser = deferredSections(importModule);
    const Section = browser.section((module) => module.Counter);
    const container = document.createElement('div');
    document.body.append(container);

    await act(async () => {
      root = createRoot(container);
      root.render(<Section label="Clicked" />);
    });
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('Clicked 0');
  });
});
