import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { timings } from '@encanto/core/constants';
import { isVideoUrl } from '@encanto/core/media';
import { Icon } from './ui/icon.tsx';

export interface LightboxItem {
  url: string;
  /** WebP variants; empty for videos and external images. */
  srcset?: string;
  alt: string;
}

interface Props {
  items: LightboxItem[];
  startIndex: number;
  /** Names the dialog for screen readers, e.g. 'Galería de Camila'. */
  label: string;
  onClose: () => void;
}

/** Horizontal travel (px) that counts as a swipe rather than a tap. */
const SWIPE_MIN = 50;

const FOCUSABLE = 'a[href], button:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/** Next and previous wrap around at both ends, as the spec asks. */
export const wrapIndex = (index: number, length: number) =>
  length === 0 ? 0 : ((index % length) + length) % length;

/**
 * A modal viewer for photos and videos: a real dialog (role=dialog,
 * aria-modal) that traps focus while open and gives it back to the element
 * that opened it. Arrow keys and touch swipes move between items, wrapping
 * around; Escape (or the close button, or a click on the backdrop) closes it
 * after a 300 ms exit animation.
 */
export function Lightbox({ items, startIndex, label, onClose }: Props) {
  const [index, setIndex] = useState(() => wrapIndex(startIndex, items.length));
  const [closing, setClosing] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const count = items.length;
  const item = items[index];
  const go = useCallback((delta: number) => setIndex((i) => wrapIndex(i + delta, count)), [count]);

  const close = useCallback(() => {
    if (closeTimer.current) return;
    setClosing(true);
    closeTimer.current = setTimeout(onClose, timings.lightboxExitMs);
  }, [onClose]);

  // Focus moves into the dialog on open and back to the opener on close; the page behind stops scrolling.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (closeTimer.current) clearTimeout(closeTimer.current);
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.target instanceof HTMLVideoElement && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
      // On a focused video the arrows seek; they must not switch items under the viewer.
      return;
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'Tab') {
      // Keep Tab and Shift+Tab cycling inside the dialog.
      const nodes = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      if (nodes.length === 0) return;
      const first = nodes[0]!;
      const last = nodes[nodes.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') return;
    swipeStart.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  if (!item || typeof document === 'undefined') return null;
  const video = isVideoUrl(item.url);

  return createPortal(
    <div
      className={closing ? 'lightbox lightbox-closing' : 'lightbox'}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={dialogRef}
        className="lightbox-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-describedby="lightbox-counter"
        // Clicks on the photo keep focus in the dialog, so the keys keep working.
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button
          ref={closeRef}
          type="button"
          className="lightbox-button lightbox-close"
          onClick={close}
          aria-label="Cerrar"
        >
          <Icon name="close" size={26} />
        </button>
        <div
          className="lightbox-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeStart.current = null)}
          onMouseDown={(e) => {
            if (e.target === e.currentTarget) close();
          }}
        >
          {video ? (
            // key: a new source must load a new element, not keep playing the previous video.
            <video
              key={item.url}
              className="lightbox-media"
              src={item.url}
              controls
              playsInline
              preload="metadata"
              aria-label={item.alt}
            />
          ) : (
            <img
              key={item.url}
              className="lightbox-media"
              src={item.url}
              {...(item.srcset ? { srcSet: item.srcset, sizes: '100vw' } : {})}
              alt={item.alt}
              decoding="async"
              draggable={false}
            />
          )}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="lightbox-button lightbox-prev"
              onClick={() => go(-1)}
              aria-label="Anterior"
            >
              <Icon name="chevronLeft" size={30} />
            </button>
            <button
              type="button"
              className="lightbox-button lightbox-next"
              onClick={() => go(1)}
              aria-label="Siguiente"
            >
              <Icon name="chevronRight" size={30} />
            </button>
          </>
        ) : null}
        <p id="lightbox-counter" className="lightbox-counter" aria-live="polite">
          {index + 1} / {count}
        </p>
      </div>
    </div>,
    document.body,
  );
}
