/**
 * Lighthouse (mobile, default throttling) on a city page and a card, against a
 * running server, in Debian's Chromium with the flags the browser tests use.
 *   LH_URL=http://127.0.0.1:3000 node bench/lighthouse.ts [path ...]
 * Prints the four category scores per page and the audits that lost points.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.env.LH_URL ?? 'http://127.0.0.1:3000';
let paths = process.argv.slice(2);
if (paths.length === 0) {
  const latest = (await (await fetch(`${base}/api/ultimos`)).json()) as { nickname: string }[];
  paths = ['/escorts/santiago', `/Card/${encodeURIComponent(latest[0]!.nickname)}`];
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const targets = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 100 } as const;
let failed = false;
try {
  for (const path of paths) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(targets),
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(
      Object.keys(targets).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
    );
    console.log(`${path}: ${JSON.stringify(scores)}`);
    for (const [k, min] of Object.entries(targets)) if ((scores[k] ?? 0) < min) failed = true;
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(`  ${metrics.map((m) => `${m}: ${audits[m]?.displayValue ?? '?'}`).join(', ')}`);
    for (const audit of Object.values(audits)) {
      if (
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual'
      ) {
        console.log(
          `  - ${audit.id} (${audit.score}): ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`,
        );
      }
    }
  }
} finally {
  chrome.kill();
}
process.exitCode = failed ? 1 : 0;
