import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import SQLite from 'better-sqlite3';

/**
 * Every page the suite opens fails its test on a console error, an uncaught exception or a
 * Content-Security-Policy violation — a page that "works" while logging errors is not working.
 */
/**
 * A page the server rendered is on screen before its code runs; its controls are disabled until then.
 * After opening or reloading a page, the suite waits for the app to run, as a person waits for a page
 * to finish loading, so that a test's first click reaches the app rather than a disabled control.
 */
export async function untilAppRuns(page: Page, response: Response | null): Promise<void> {
  const isPage = /text\/html/.test(response?.headers()['content-type'] ?? '');
  if (isPage) await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilAppRuns(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilAppRuns(page, response);
    return response;
  };
  return page;
}

export const test = base.extend<{ problems: string[] }>({
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },
  problems: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // Only the shop's own pages count; other sites a flow passes through (the OpenID provider) are not ours.
        if (baseURL && !page.url().startsWith(baseURL)) return;
        // Chromium logs the document's own 404 status, which the not-found page answers on purpose.
        const isDocument404 = /status of 404/.test(message.text()) && message.location().url === page.url();
        if (!isDocument404) problems.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Chromium also logs a CSP violation to the console, but the event names the directive and what it blocked.
      await page.exposeFunction('__reportCspViolation', (violation: string) => problems.push(`CSP violation: ${violation}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
          void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
        });
      });
      await use(problems);
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A dialog fades in and out: axe would read its text's contrast against a half-drawn backdrop. */
async function dialogsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('dialog')].every((dialog) =>
      dialog
        .getAnimations({ subtree: true })
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    ),
  );
}

/** axe finds no violation of serious or critical impact. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await dialogsAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Every axe violation on the page, whatever its impact (minor to critical), one line each. axe runs
 * its default rule set: WCAG 2.x A and AA plus best practices (AAA and experimental rules are off).
 * `include` narrows the check to part of the page (one element in its hover or focus state).
 */
export async function a11yViolations(page: Page, options: { include?: string; rules?: string[] } = {}): Promise<string[]> {
  await dialogsAtRest(page);
  // Legacy mode runs axe in the page itself instead of opening a second page to merge frame results:
  // half the time, and the shop has no cross-origin frames to merge (Stripe.js cannot load in e2e).
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  if (options.rules) builder = builder.withRules(options.rules);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe finds no violation of any impact (minor, moderate, serious or critical). */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await a11yViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/** Reads the e2e server's SQLite database directly, to check what a form stored. */
export function queryShopDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new SQLite(path.join(dataDir, 'gearhouse.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * The browser logs every refused request as a console error, and the fixture fails a test on those.
 * A test that provokes a refusal on purpose names it here, once it happened; anything else still fails.
 */
export function expectRefusal(problems: string[], status: number, path: string): void {
  const index = problems.findIndex((p) => p.includes(`status of ${status}`) && p.includes(path));
  expect(index, `the browser logged the ${status} from ${path}`).toBeGreaterThanOrEqual(0);
  problems.splice(index, 1);
}
