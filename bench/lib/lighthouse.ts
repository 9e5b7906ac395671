import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../../e2e/support/chromium';

export interface LighthouseFigure {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  /** Total blocking time: how long the main thread was too busy to answer input while loading. */
  tbtMs: number;
  /** Lighthouse's measure of the host's CPU (higher is faster), taken before the page loads. */
  benchmarkIndex: number;
  /** Audits that cost points, for the reader who has to fix them. */
  failing: string[];
}

/** Lighthouse's default run: mobile form factor, simulated slow 4G and 4× CPU slowdown. */
export async function lighthousePages(baseUrl: string, paths: readonly string[]): Promise<LighthouseFigure[]> {
  const figures: LighthouseFigure[] = [];
  // A fresh browser for each page: the fourth run in one browser failed here (no page loaded) while
  // the same page alone passed.
  for (const path of paths) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: a second try.
    let figure = await lighthousePage(baseUrl, path);
    if (figure.failing.some((line) => line.startsWith('run failed'))) figure = await lighthousePage(baseUrl, path);
    figures.push(figure);
  }
  return figures;
}

async function lighthousePage(baseUrl: string, path: string): Promise<LighthouseFigure> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = runtimeError ? [`run failed: ${runtimeError.code} ${runtimeError.message}`] : [];
    failing.push(
      ...Object.values(categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${category.id}: ${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
      ),
    );
    return {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      failing,
    };
  } finally {
    chrome.kill();
  }
}
