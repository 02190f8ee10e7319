/** Path helpers for the demo illustrations: smooth closed shapes and tapered limbs from a few key points. */
export type Point = readonly [number, number];

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** A smooth path through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(points: readonly Point[], closed = true): string {
  const n = points.length;
  if (n < 2) return '';
  const at = (i: number): Point => (closed ? points[(i + n) % n]! : points[Math.max(0, Math.min(n - 1, i))]!);
  let d = `M${f(points[0]![0])} ${f(points[0]![1])}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${f(c1x)} ${f(c1y)} ${f(c2x)} ${f(c2y)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** A straight polygon path (for clip regions, where smoothing would move the edges). */
export function polygonPath(points: readonly Point[]): string {
  return `M${points.map((p) => `${f(p[0])} ${f(p[1])}`).join('L')}Z`;
}

/**
 * The outline of a limb following a centre line with a width at each point,
 * closed with rounded ends: arms and necks that taper like a drawn figure.
 */
export function limbPath(centre: readonly Point[], widths: readonly number[]): string {
  const n = centre.length;
  const left: Point[] = [];
  const right: Point[] = [];
  for (let i = 0; i < n; i++) {
    const prev = centre[Math.max(0, i - 1)]!;
    const next = centre[Math.min(n - 1, i + 1)]!;
    const dx = next[0] - prev[0];
    const dy = next[1] - prev[1];
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    const half = widths[i]! / 2;
    const p = centre[i]!;
    left.push([p[0] + nx * half, p[1] + ny * half]);
    right.push([p[0] - nx * half, p[1] - ny * half]);
  }
  const cap = (a: Point, b: Point, w: number): Point => {
    const dx = a[0] - b[0];
    const dy = a[1] - b[1];
    const len = Math.hypot(dx, dy) || 1;
    return [a[0] + (dx / len) * w * 0.45, a[1] + (dy / len) * w * 0.45];
  };
  const end = cap(centre[n - 1]!, centre[n - 2]!, widths[n - 1]!);
  const start = cap(centre[0]!, centre[1]!, widths[0]!);
  return smoothPath([...left, end, ...right.reverse(), start]);
}

export const fmt = f;
