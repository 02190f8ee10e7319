import { useSyncExternalStore } from 'react';
import { ageNoticeStorageKey as AGE_NOTICE_KEY } from '@encanto/core/constants';

/** The 18+ notice's answer, kept on the device (localStorage). */

const listeners = new Set<() => void>();
/** The answer of this page load, for browsers that block storage: asked again on the next visit. */
let confirmedHere = false;

function read(): boolean {
  if (confirmedHere) return true;
  try {
    return window.localStorage.getItem(AGE_NOTICE_KEY) !== null;
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * True once this device said its user is 18 or older. The server render and the
 * hydration pass say true, so the HTML is the page itself (complete, indexable)
 * and the notice only overlays it once the app runs.
 */
export function useAgeConfirmed(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}

export function confirmAge(): void {
  confirmedHere = true;
  try {
    window.localStorage.setItem(AGE_NOTICE_KEY, new Date().toISOString());
  } catch {
    // Without storage the answer lasts until the page is left.
  }
  for (const l of listeners) l();
}
