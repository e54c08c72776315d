import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint and Total Blocking Time as Lighthouse simulated them (ms). */
  lcpMs: number;
  tbtMs: number;
  failedAudits: string[];
  /** What the page logged as errors (the errors-in-console audit), so a best-practices loss names its cause. */
  consoleErrors: string[];
}

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** Lighthouse's default (mobile) preset on each page, one Chromium for all of them. */
export async function runLighthouse(baseUrl: string, pages: string[]): Promise<LighthouseScores[]> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const result = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failedAudits = Object.values(categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        failedAudits: [...new Set(failedAudits)],
        consoleErrors: (
          (audits['errors-in-console']?.details as { items?: { description?: string; url?: string }[] } | undefined)?.items ?? []
        ).map((item) => `${item.description ?? ''} ${item.url ?? ''}`.trim()),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
