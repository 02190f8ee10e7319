import { useState } from 'react';

export interface ActionHandlers<T> {
  /** Reports the answer, e.g. `show('success', res.mensaje)`. */
  onSuccess?: (result: T) => void;
  /** Reports the failure, e.g. `show('error', errorText(err, msg.someFallback))`. */
  onError: (err: unknown) => void;
  /** Runs after either, before the refresh: close a dialog, drop a progress bar. */
  onSettled?: () => void;
  /** Success leads away from the screen (a navigation, a farewell): the buttons stay busy until it goes. */
  keepBusyOnSuccess?: boolean;
}

/**
 * The busy / try / catch / refresh block of a button or form that calls the API. `run` marks the screen
 * busy (under `key` when each row has its own buttons), makes the call, hands the answer or the failure to
 * the handlers, then awaits `refresh` whatever the outcome, because a refusal often means the data changed
 * under the screen (already decided, already deleted), and only then frees the buttons.
 */
export function useAction<Key extends string | number = string>(refresh?: () => Promise<unknown>) {
  const [busyKey, setBusyKey] = useState<Key | true | null>(null);

  async function run<T>(work: () => Promise<T>, handlers: ActionHandlers<T>, key?: Key): Promise<void> {
    setBusyKey(key ?? true);
    let succeeded = false;
    try {
      const result = await work();
      succeeded = true;
      handlers.onSuccess?.(result);
    } catch (err) {
      handlers.onError(err);
    } finally {
      handlers.onSettled?.();
      await refresh?.();
      if (!(succeeded && handlers.keepBusyOnSuccess)) setBusyKey(null);
    }
  }

  return { busy: busyKey !== null, busyKey, run };
}
