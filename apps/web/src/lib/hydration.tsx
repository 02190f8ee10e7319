import { Suspense, useEffect, useId, type ReactNode } from 'react';

/**
 * When the page can be used: `html[data-hydrated]` (browser tests wait for it before interacting).
 * The pages' own boundary is not enough: a section inside its own Suspense boundary (a dashboard
 * section, the card's comments) stays server HTML until its code arrives, after the outer page has
 * hydrated, and a click there in between is lost. Such boundaries are `TrackedSuspense`; the mark
 * waits for every one of them that hydration left pending.
 */
const pending = new Set<string>();
const done = new Set<string>();
let pageReady = false;

function mark() {
  if (pageReady && pending.size === 0) document.documentElement.dataset.hydrated = 'true';
}

/** Called once the pages' own boundary has committed (entry-client's marker). */
export function markPageHydrated() {
  pageReady = true;
  mark();
}

function BoundaryReady({ id }: { id: string }) {
  useEffect(() => {
    done.add(id);
    pending.delete(id);
    mark();
  }, [id]);
  return null;
}

/**
 * A Suspense boundary inside a page whose content matters for the page being usable. Its children's
 * effects run before its own when they commit together, so a boundary is pending only when its
 * content did not commit with it (still server HTML, or a fallback).
 */
export function TrackedSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const id = useId();
  useEffect(() => {
    if (!done.has(id)) pending.add(id);
    // Left before its content came (the visitor moved on): nothing to wait for any more.
    return () => {
      pending.delete(id);
      mark();
    };
  }, [id]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <BoundaryReady id={id} />
    </Suspense>
  );
}
