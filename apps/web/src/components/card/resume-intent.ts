import { useLocation } from 'react-router';
import type { LoginIntentAction, ResumeState } from '@encanto/core/login-intent';
import { useHydrated } from '../../lib/session.ts';

/**
 * Whether this card was reached by signing in to do `action` (decision 0143): the login page returns
 * here with it in the history state, and the star, "Comentar" or "Cita" finishes what the visitor
 * started. False on the server and while hydrating (the server never sees history state).
 */
export function useResumeIntent(action: LoginIntentAction): boolean {
  const location = useLocation();
  const hydrated = useHydrated();
  return hydrated && (location.state as Partial<ResumeState> | null)?.reanudar === action;
}
