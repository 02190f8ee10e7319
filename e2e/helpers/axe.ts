import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe cannot judge text contrast over a CSS gradient (the page background is
 * one), so it reports those nodes as "incomplete" and the contrast rule would
 * pass without checking anything. Before the contrast run each gradient is
 * replaced by its lightest colour stop, the worst case for the light text of
 * the night theme, so every text is measured against a real colour.
 */
function flattenGradients() {
  const luminance = (c: number[]) =>
    c
      .slice(0, 3)
      .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  for (const el of [document.documentElement, ...document.querySelectorAll<HTMLElement>('body, body *')]) {
    const image = getComputedStyle(el).backgroundImage;
    if (!image.includes('gradient') || image.includes('url(')) continue;
    const stops = [...image.matchAll(/rgba?\(([^)]+)\)/g)].map((m) =>
      m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number),
    );
    if (stops.length === 0) continue;
    const lightest = stops.reduce((a, b) => (luminance(b) > luminance(a) ? b : a));
    el.style.backgroundImage = 'none';
    el.style.backgroundColor = `rgba(${lightest[0]}, ${lightest[1]}, ${lightest[2]}, ${lightest[3] ?? 1})`;
  }
}

/** Serious and critical axe violations, with the contrast rule run on flattened gradients. */
export async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Evaluated, not a <script> tag: the strict CSP (script-src 'self') would block an inline one.
  await page.evaluate(axe.source);
  type Found = { id: string; impact: string; target: string; why: string };
  const run = (options: object, countUnchecked: boolean) =>
    page.evaluate(
      async ([opts, strict]): Promise<Found[]> => {
        const r = await (window as unknown as { axe: typeof axe }).axe.run(document, opts);
        const failed = r.violations.flatMap((v) =>
          v.nodes.map((n) => ({
            id: v.id,
            impact: v.impact ?? '',
            target: n.target.join(' '),
            why: n.failureSummary ?? '',
          })),
        );
        // Contrast the rule could not measure counts as a failure: it was not checked.
        const unchecked = r.incomplete
          .filter((v) => v.id === 'color-contrast')
          .flatMap((v) => v.nodes.filter((n) => JSON.stringify(n.any).includes('bgGradient')))
          .map((n) => ({
            id: 'color-contrast',
            impact: 'serious',
            target: n.target.join(' '),
            why: 'not measurable over a gradient',
          }));
        return strict ? [...failed, ...unchecked] : failed;
      },
      [options, countUnchecked] as const,
    );
  const found = await run({ resultTypes: ['violations'] }, false);
  await page.evaluate(flattenGradients);
  found.push(
    ...(await run({ runOnly: ['color-contrast'], resultTypes: ['violations', 'incomplete'] }, true)),
  );
  return [
    ...new Set(
      found
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${v.target}: ${v.why}`),
    ),
  ];
}
