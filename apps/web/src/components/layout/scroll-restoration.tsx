import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const storageKey = 'scrollPositions';
/** How long a restore waits for the page to grow tall enough (lazy code, cached data, images). */
const restoreWindowMs = 2000;

// Layout effects warn on the server; there is no scroll position there anyway.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Scroll like a data router's <ScrollRestoration>, for the declarative <Routes> this app uses (React
 * Router's own component needs a data router). A new page (link, redirect) starts at the top, or at
 * its #hash; Back and Forward return to where that history entry was left. Positions are kept per
 * history entry (location.key) in sessionStorage, so a reload keeps them too.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef<string | null>(null);
  const positions = useRef<Record<string, number>>({});

  // The browser's own restoration would fight this one, and it knows nothing of pages that render late.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    positions.current = readPositions();
    let frame = 0;
    const save = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (currentKey.current === null) return;
        positions.current[currentKey.current] = Math.round(window.scrollY);
        sessionStorage.setItem(storageKey, JSON.stringify(positions.current));
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Before paint, so a new page never flashes at the old page's depth.
  useClientLayoutEffect(() => {
    const first = currentKey.current === null;
    currentKey.current = location.key;
    if (navigationType === 'POP') {
      const target = (first ? readPositions() : positions.current)[location.key];
      if (target === undefined) return;
      return restore(target);
    }
    if (first) return;
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}

/**
 * Scrolls to `target` as soon as the page is tall enough, for up to restoreWindowMs; a visitor who
 * scrolls, taps or presses a key meanwhile keeps control.
 */
function restore(target: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, target);
    if (Math.abs(window.scrollY - target) < 2 || performance.now() - started > restoreWindowMs) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
    window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}
