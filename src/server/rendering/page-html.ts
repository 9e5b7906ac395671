import type { RenderedPage } from '../../web/entry-server';
import { PAGE_STATE_ELEMENT_ID } from '../../web/page-state';

/** Where index.html keeps its first paint (the shell's bar and a spinner), replaced by a rendered page. */
export const PAGE_START = '<!--page-->';
const PAGE_END = '<!--/page-->';

/** JSON inside a script element: nothing in it can end the element or start markup. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The shell (index.html) with the rendered page in `#root`, its data in `#page-state` (with the time it
 * was rendered at, which the browser hydrates it for), its head in the head.
 */
export function withRenderedPage(html: string, page: RenderedPage): string {
  const start = html.indexOf(PAGE_START);
  const end = html.indexOf(PAGE_END);
  if (start < 0 || end < start) return html;
  const state = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}" data-rendered-at="${page.renderedAt}">${scriptSafeJson(page.state)}</script>`;
  const withPage = `${html.slice(0, start)}${page.html}${html.slice(end + PAGE_END.length)}`.replace(
    '</body>',
    () => `${state}</body>`,
  );
  // The page's own title replaces the shell's.
  const head = page.head.includes('<title>') ? withPage.replace(/<title>[^<]*<\/title>/, '') : withPage;
  return deferCode(head.replace('</head>', () => `${page.head}</head>`));
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A rendered page is on screen without its code, which only makes it interactive. The code is started
 * by /page-boot.js after the first paint instead of from the head, so that on a slow line the style
 * sheet and the page's first pictures are not sharing the bandwidth with it.
 */
function deferCode(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const code = `<script type="application/json" id="page-code">${scriptSafeJson({ entry, preload })}</script><script src="/page-boot.js" defer></script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('</body>', () => `${code}</body>`);
}
