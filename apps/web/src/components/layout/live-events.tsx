import { useLiveEvents } from '../../lib/live.ts';

/**
 * The tab's event stream (lib/live.ts, decision 0162) as a component of its own, so the main layout can
 * load it lazily: its code (and the schemas it checks events with) reaches signed-in clients and escorts
 * only, never a visitor's first view (the city page's script budget, e2e/budget.test.ts).
 */
export default function LiveEvents() {
  useLiveEvents(true);
  return null;
}
