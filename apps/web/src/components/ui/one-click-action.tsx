import { useState } from 'react';
import { errorText } from '../../lib/api-client.ts';

type State = { kind: 'idle' | 'busy' } | { kind: 'success' | 'error'; text: string };

/**
 * The button of a page a mailed link opens without an account (a trusted contact's acceptance or
 * refusal, a look-alike photo's report): the change is the click, never the page view, so a mail
 * scanner that opens links changes nothing. Shows the answer's message in place of the button, or the
 * error beneath it.
 */
export function OneClickAction({
  label,
  send,
  fallbackError,
  ready = true,
  resultTestId,
}: {
  label: string;
  /** The request; its `mensaje` is what the person reads once it is done. */
  send: () => Promise<{ mensaje: string }>;
  /** Said when the error answer carries no message of its own. */
  fallbackError: string;
  /** False while the link lacks what the request needs (its token): the button stays off. */
  ready?: boolean;
  /** Names the success message for the browser tests. */
  resultTestId?: string;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  const click = () => {
    setState({ kind: 'busy' });
    send().then(
      (res) => setState({ kind: 'success', text: res.mensaje }),
      (err: unknown) => setState({ kind: 'error', text: errorText(err, fallbackError) }),
    );
  };

  return (
    <>
      {state.kind === 'success' ? (
        <p className="message message-success" role="status" data-testid={resultTestId}>
          {state.text}
        </p>
      ) : (
        <button type="button" className="button" onClick={click} disabled={!ready || state.kind === 'busy'}>
          {label}
        </button>
      )}
      {state.kind === 'error' ? (
        <p className="message message-error" role="alert">
          {state.text}
        </p>
      ) : null}
    </>
  );
}
