import { useEffect, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';

/** A drag in progress: which tile, where it would land, and how far the pointer moved. */
interface Drag {
  from: number;
  to: number;
  pointerId: number;
  startX: number;
  startY: number;
  /** The page's scroll when the drag began: scrolling moves the tile's place, not the pointer. */
  scrollY: number;
  dx: number;
  dy: number;
}

/** How close to the window's top or bottom edge (px) a drag starts scrolling the page. */
const EDGE = 64;
const SCROLL_STEP = 14;

/**
 * The tile the pointer is over, or else the nearest one: where a dragged tile
 * lands. The dragged tile is measured where it was (its rect minus the offset
 * it follows the pointer by), so going back there means "no change". Rects are
 * read on each move, so a page scrolled during the drag still measures right.
 */
function targetIndex(tiles: readonly Element[], x: number, y: number, drag: Drag): number {
  let best = -1;
  let bestDistance = Infinity;
  tiles.forEach((tile, i) => {
    const r = tile.getBoundingClientRect();
    const [ox, oy] = i === drag.from ? [drag.dx, drag.dy] : [0, 0];
    const left = r.left - ox;
    const top = r.top - oy;
    const inside = x >= left && x <= left + r.width && y >= top && y <= top + r.height;
    const d = inside ? -1 : Math.hypot(x - (left + r.width / 2), y - (top + r.height / 2));
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/**
 * Reordering the gallery by dragging a tile's handle, with pointer events so a
 * mouse, a pen and a finger behave the same (the handle has touch-action:
 * none, so a finger on it drags instead of scrolling; the rest of the tile
 * still scrolls the page). The dragged tile follows the pointer, the tile
 * where it would land shows a bar on the side it would go, and Escape cancels.
 * `onDrop(from, to)` saves; the keyboard move buttons remain the other way.
 */
export function useGalleryDrag(count: number, onDrop: (from: number, to: number) => void, disabled: boolean) {
  const [drag, setDrag] = useState<Drag | null>(null);

  useEffect(() => {
    if (!drag) return;
    const cancel = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrag(null);
    };
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [drag]);

  const tilesOf = (handle: Element) => Array.from(handle.closest('ul')?.children ?? []);

  const handleProps = (index: number) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (disabled || count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({
        from: index,
        to: index,
        pointerId: e.pointerId,
        startX: e.clientX,
        startY: e.clientY,
        scrollY: window.scrollY,
        dx: 0,
        dy: 0,
      });
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      if (e.clientY < EDGE) window.scrollBy(0, -SCROLL_STEP);
      else if (e.clientY > window.innerHeight - EDGE) window.scrollBy(0, SCROLL_STEP);
      const over = targetIndex(tilesOf(e.currentTarget), e.clientX, e.clientY, drag);
      setDrag({
        ...drag,
        to: over < 0 ? drag.to : over,
        dx: e.clientX - drag.startX,
        dy: e.clientY - drag.startY + window.scrollY - drag.scrollY,
      });
    },
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      setDrag(null);
      if (drag.to !== drag.from) onDrop(drag.from, drag.to);
    },
    onPointerCancel: () => setDrag(null),
    onLostPointerCapture: () => setDrag(null),
  });

  /** Classes and offset of a tile: the one being dragged, and the one showing where it lands. */
  const tileProps = (index: number): { className?: string; style?: CSSProperties } => {
    if (!drag) return {};
    if (index === drag.from)
      return {
        className: 'gallery-dragging',
        style: { transform: `translate(${drag.dx}px, ${drag.dy}px)` },
      };
    if (index === drag.to)
      return { className: drag.to < drag.from ? 'gallery-drop-before' : 'gallery-drop-after' };
    return {};
  };

  return { dragging: drag !== null, handleProps, tileProps };
}
