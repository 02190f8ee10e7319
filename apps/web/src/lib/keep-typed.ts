/**
 * Text typed (or autofilled) before hydration survives into React state.
 *
 * Why: on a slow phone the server HTML shows a form seconds before React hydrates it. React leaves an
 * input's DOM value alone while hydrating, but the first re-render writes its state (still '') back over
 * what the visitor typed, and react-hook-form's `register` writes its default value into the element as
 * soon as it is attached. keepTypedRegistered reads the element when React attaches it (the hydration
 * commit) and hands a value that differs from React's to the state, before anything overwrites it.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Elements already read: only the first attach (the hydration commit) can hold text React never saw. */
const seen = new WeakSet<Field>();

/** What the element holds: a checkbox's tick, a radio's value when chosen, else the text; null for nothing. */
function domValue(el: Field): string | boolean | null {
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return el.checked ? true : null;
  if (el instanceof HTMLInputElement && el.type === 'radio') return el.checked ? el.value : null;
  return el.value === '' ? null : el.value;
}

/**
 * Wraps a react-hook-form `register(name)` result: the element's value is read before react-hook-form
 * writes its default into it, then given back with `adopt` (usually `setValue(name, …)`). Each element
 * is read once: later attaches are react-hook-form's own re-registrations of a field it already tracks.
 */
export function keepTypedRegistered<R extends { ref: (el: Field | null) => void }>(
  registered: R,
  adopt: (typed: string | boolean) => void,
): R {
  return {
    ...registered,
    ref: (el: Field | null) => {
      let typed: string | boolean | null = null;
      if (el && !seen.has(el)) {
        seen.add(el);
        typed = domValue(el);
      }
      registered.ref(el);
      if (typed !== null) adopt(typed);
    },
  };
}
