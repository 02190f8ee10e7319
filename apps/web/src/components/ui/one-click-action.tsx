import { useState, type ReactNode } from 'react';
import { errorText } from '../../lib/api-client.ts';

type State<T> = { kind: 'idle' | 'busy' } | { kind: 'success'; answer: T } | { kind: 'error'; text: string };

/**
 * The button of a page a mailed link opens (a trusted contact's acceptance or refusal, a look-alike
 * photo's report, a security notice's "no fui yo"): the change is the click, never the page view, so a
 * mail scanner that opens links changes nothing. Shows the answer's message in place of the button (and
 * of `intro`, what the click will do), or the error beneath it.
 */
export function OneClickAction<T extends { mensaje: string }>({
  label,
  send,
  fallbackError,
  ready = true,
  resultTestId,
  block = false,
  intro,
  onDone,
  after,
}: {
  label: string;
  /** The request; its `mensaje` is what the person reads once it is done. */
  send: () => Promise<T>;
  /** Said when the error answer carries no message of its own. */
  fallbackError: string;
  /** False while the link lacks what the request needs (its token): the button stays off. */
  ready?: boolean;
  /** Names the success message for the browser tests. */
  resultTestId?: string;
  /** A full-width button (the account pages' cards). */
  block?: boolean;
  /** Shown above the button until it is done. */
  intro?: ReactNode;
  /** What the page does with a done answer besides showing it (this browser forgets a closed session). */
  onDone?: (answer: T) => void;
  /** Shown under the done message: where to go next, which may depend on the answer. */
  after?: (answer: T) => ReactNode;
}) {
  const [state, setState] = useState<State<T>>({ kind: 'idle' });

  const click = () => {
    setState({ kind: 'busy' });
    send().then(
      (answer) => {
        onDone?.(answer);
        setState({ kind: 'success', answer });
      },
      (err: unknown) => setState({ kind: 'error', text: errorText(err, fallbackError) }),
    );
  };

  if (state.kind === 'success') {
    return (
      <>
        <p className="message message-success" role="status" data-testid={resultTestId}>
          {state.answer.mensaje}
        </p>
        {after?.(state.answer)}
      </>
    );
  }
  return (
    <>
      {intro}
      <button
        type="button"
        className={block ? 'button button-block' : 'button'}
        onClick={click}
        disabled={!ready || state.kind === 'busy'}
      >
        {state.kind === 'busy' ? <span className="spinner" aria-hidden="true" /> : null}
        {label}
      </button>
      {state.kind === 'error' ? (
        <p className="message message-error" role="alert">
          {state.text}
        </p>
      ) : null}
    </>
  );
}
