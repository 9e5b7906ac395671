import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/**
 * The JavaScript a visitor's browser loads for a page, in gzipped bytes (each script re-compressed
 * with gzip so the figure does not depend on which encoding the server chose): on opening the page,
 * and then while scrolling to its end.
 */
export interface PageWeight {
  /** Loaded by opening the page, until the network is idle: what the budget counts. */
  onLoad: { url: string; gzip: number }[];
  /** Loaded later, as the visitor scrolls to the bottom (below-the-fold sections' code). */
  onScroll: { url: string; gzip: number }[];
}

export const totalBytes = (files: { gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0);

export async function javascriptGzipBytes(url: string): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const files: { url: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          files.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const onLoad = [...files];
    for (let y = 0; y < 12; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { onLoad, onScroll: files.slice(onLoad.length) };
  } finally {
    await browser.close();
  }
}
