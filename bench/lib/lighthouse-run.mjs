// Runs Lighthouse (mobile preset) on one URL in Debian's chromium and prints the
// figures the benchmark needs as JSON. Plain Node on purpose: Lighthouse sends
// functions to the page as source text, and the TypeScript loader (tsx) would
// add helpers to them that do not exist in the page.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const [url, chromePath, ...flags] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...flags] });
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result.lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = (id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
  process.stdout.write(
    JSON.stringify({
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audits['largest-contentful-paint']?.numericValue ?? null,
      tbt: audits['total-blocking-time']?.numericValue ?? null,
      cls: audits['cumulative-layout-shift']?.numericValue ?? null,
      failing: [...failing('accessibility'), ...failing('best-practices'), ...failing('seo')],
    }),
  );
} finally {
  await chrome.kill();
}
