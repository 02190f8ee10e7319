import { useEffect, useRef, useState } from 'react';
import { timings } from '@encanto/core/constants';
import { isTaken, type AccountType, type CheckedField } from '../api/availability.ts';
import type { Availability } from './availability-status.tsx';

const checkedFields: CheckedField[] = ['rut', 'nickname', 'email'];
const idle: Record<CheckedField, Availability> = { rut: 'idle', nickname: 'idle', email: 'idle' };

/**
 * The registration's availability checks of RUT, nickname and e-mail: on blur, a value that passes its
 * field rule is checked after 2 s with a spinner meanwhile; editing it drops the answer until the next
 * blur; only the answer for the latest value counts. `blocked` holds the submit while a check runs or a
 * value is taken.
 */
export function useAvailabilityChecks(type: AccountType) {
  const [status, setStatus] = useState(idle);
  const timers = useRef<Partial<Record<CheckedField, ReturnType<typeof setTimeout>>>>({});
  const latest = useRef<Partial<Record<CheckedField, string>>>({});
  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach((t) => clearTimeout(t));
  }, []);

  /** On blur: `valid` says whether the value passes its field rule (an invalid value is not asked about). */
  const schedule = (field: CheckedField, value: string, valid: boolean) => {
    clearTimeout(timers.current[field]);
    latest.current[field] = value;
    if (!value || !valid) {
      setStatus((s) => ({ ...s, [field]: 'idle' }));
      return;
    }
    setStatus((s) => ({ ...s, [field]: 'checking' }));
    timers.current[field] = setTimeout(() => {
      void isTaken(type, field, value).then((taken) => {
        if (latest.current[field] === value) setStatus((s) => ({ ...s, [field]: taken ? 'taken' : 'free' }));
      });
    }, timings.availabilityCheckDelayMs);
  };

  /** Editing a checked value drops its earlier answer; the next blur checks again. */
  const reset = (field: CheckedField) => {
    clearTimeout(timers.current[field]);
    latest.current[field] = undefined;
    setStatus((s) => (s[field] === 'idle' ? s : { ...s, [field]: 'idle' }));
  };

  const blocked = checkedFields.some((f) => status[f] === 'checking' || status[f] === 'taken');
  return { status, blocked, schedule, reset };
}
