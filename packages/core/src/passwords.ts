/**
 * The shape every new password must have (registration, change, recovery,
 * admin CLI) and the list of the most common passwords, which is refused.
 *
 * Any visible character counts, spaces included, so a passphrase such as
 * `Correct horse battery staple!9` is fine. Lengths are counted in characters
 * (code points), not UTF-16 units, so an emoji counts once.
 */

export const PASSWORD_MAX = 128;

/** Letters, marks, numbers, punctuation, symbols and spaces; no control, format, private or unassigned code points. */
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]*$/u;

export const passwordLength = (v: string): number => [...v].length;
export const isVisiblePassword = (v: string): boolean => VISIBLE.test(v);
export const hasLettersAndDigits = (v: string): boolean => /\p{L}/u.test(v) && /\p{Nd}/u.test(v);

/** What the length, letters-and-digits and visible-character rules let through at a given minimum. */
export const passesPasswordShape = (v: string, min: number): boolean =>
  passwordLength(v) >= min &&
  passwordLength(v) <= PASSWORD_MAX &&
  isVisiblePassword(v) &&
  hasLettersAndDigits(v);

let common: ReadonlySet<string> | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the common-password list (data/common-passwords.json). In the browser
 * it is a chunk of its own, fetched when a password form opens, never in a
 * visitor's first view; the server loads it before it accepts a request.
 */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('./data/common-passwords.json', { with: { type: 'json' } }).then(
    (m) => {
      common = new Set(m.default.passwords);
    },
    (err: unknown) => {
      // A failed chunk download (browser offline) may be retried by the next form.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * True for a password on the list, in any letter case. Until the list has
 * loaded (a form submitted within the first instant) it answers false and the
 * server, which always has it, gives the same message.
 */
export const isCommonPassword = (v: string): boolean => common?.has(v.toLowerCase()) ?? false;
