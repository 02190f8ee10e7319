import { comunas, regions } from '@encanto/core/geo';
import { idiomaLabels, servicioLabels } from '@encanto/core/profile-details';
import { searchWords } from '@encanto/core/search-filters';

/**
 * The words a text search may be a near spelling of (decision 0164): the places, services and
 * languages the site knows, accent-free as the search compares them. Names are not in it: a name
 * typed a letter off ("valera") is found by its prefix or not at all; a dictionary of every
 * display name would be a second index to keep.
 */
const vocabulary = [
  ...new Set(
    [
      ...comunas.map((c) => c.name),
      ...regions.map((r) => r.name),
      ...Object.values(servicioLabels),
      ...Object.values(idiomaLabels),
    ]
      .flatMap(searchWords)
      .filter((w) => w.length >= 4),
  ),
];

/** Edits (insert, delete, replace, swap two neighbours) from a to b, stopping above `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** One edit for words up to 5 letters, two for longer ones: "nunoa" for "nuñoq", "providencia" for "porvidencia". */
const allowed = (word: string) => (word.length <= 5 ? 1 : 2);

/**
 * The search's words with each unknown one replaced by the nearest known word, or undefined when
 * no word changed. A word already in the vocabulary, a short one (under 4 letters) or one without a
 * near neighbour stays as typed.
 */
export function nearSpelling(text: string): string | undefined {
  const words = searchWords(text);
  const known = new Set(vocabulary);
  let changed = false;
  const fixed = words.map((w) => {
    if (w.length < 4 || known.has(w)) return w;
    let best: string | undefined;
    let bestD = allowed(w) + 1;
    for (const v of vocabulary) {
      const dist = distance(w, v, allowed(w));
      if (dist < bestD) [best, bestD] = [v, dist];
    }
    if (best === undefined) return w;
    changed = true;
    return best;
  });
  return changed ? fixed.join(' ') : undefined;
}
