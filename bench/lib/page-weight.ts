import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/**
 * The JavaScript a visitor's browser loads for a page, in gzipped bytes: every script response
 * until the network is idle, each re-compressed with gzip so the figure does not depend on
 * which encoding the server chose.
 */
export async function javascriptGzipBytes(url: string): Promise<{ total: number; files: { url: string; gzip: number }[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
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
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { total: files.reduce((sum, f) => sum + f.gzip, 0), files };
  } finally {
    await browser.close();
  }
}
