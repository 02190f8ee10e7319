import { describe, expect, it } from 'vitest';
import { wrapIndex } from '../src/components/lightbox.tsx';

describe('lightbox navigation', () => {
  it('next from the last item wraps to the first, previous from the first to the last', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});
