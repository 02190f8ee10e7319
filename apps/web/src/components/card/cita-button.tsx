import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { timings } from '@encanto/core/constants';
import { loginForIntent } from '@encanto/core/login-intent';
import { msg } from '@encanto/core/messages';
import type { MeetingPair } from '@encanto/core/marketplace';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { cancelRequest, useMeetingState, useRefreshMeetings } from '../../lib/api/meetings.ts';
import { useResumeIntent } from './resume-intent.ts';

// The form and its schema load when the client asks for it: a visitor's first view stays light.
const RequestForm = lazy(() => import('./request-form.tsx'));

/** The signed-in client's pair with the escort of the card, or null for anyone else. */
export function useClientPair(escortNickname: string): MeetingPair | null {
  const session = useSession();
  return session.role === 'cliente' && session.nickname
    ? { nickname_cliente: session.nickname, nickname_usuario: escortNickname }
    : null;
}

/**
 * 'Cita' on the card, for a signed-in client; a visitor's 'Cita' goes to the client login, which says
 * why and comes back here with the form open (decision 0143). It opens the request form
 * (date and time, duration, place, message); the outcome shows for 5 s with
 * the spec's texts, and a pending request offers its cancel link. Below it a
 * live line (polled) says whether the request waits, has a proposal of
 * another time, or was accepted, with a link to the meeting and its conversation.
 */
export function CitaButton({ nickname, name }: { nickname: string; name?: string | undefined }) {
  const session = useSession();
  const pair = useClientPair(nickname);
  const state = useMeetingState(pair);
  const refresh = useRefreshMeetings();
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(timings.requestMessageMs);
  const [chosen, setOpen] = useState(false);
  // Back from the login 'Cita' was tapped for: the form is open until closed or sent.
  const resume = useResumeIntent('cita');
  const [resumeDone, setResumeDone] = useState(false);
  // A request just sent is pending before the refreshed state arrives: a quick second click warns, never reopens the form.
  const [sentAt, setSentAt] = useState(0);
  const justSent = sentAt > 0 && state.dataUpdatedAt < sentAt;
  // 'Cita' makes way for the form; when the form closes, focus comes back to it (decision 0091).
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
    setResumeDone(true);
  };
  const citaRef = (el: HTMLButtonElement | null) => {
    if (el && returnFocus.current) {
      returnFocus.current = false;
      el.focus();
    }
  };
  if (!pair) {
    return session.signedIn ? null : (
      <div className="cita">
        <Link
          className="button cita-button"
          to={loginForIntent({ accion: 'cita', perfil: nickname, nombre: name })}
        >
          Cita
        </Link>
      </div>
    );
  }

  const cancel = () =>
    run(() => cancelRequest(pair), {
      onSuccess: () => {
        setSentAt(0);
        show('success', msg.requestCancelled);
      },
      onError: () => show('error', msg.requestCancelError),
    });

  const cancelLink = (
    <button type="button" className="link-button" onClick={() => void cancel()}>
      {msg.requestCancelLink}
    </button>
  );
  const pendingWarning = () =>
    show(
      'warning',
      <>
        {msg.requestPending} {cancelLink}
      </>,
    );

  const done = (outcome: { ok: true } | { ok: false; error: unknown }) => {
    if (outcome.ok) {
      close();
      setSentAt(Date.now());
      show('success', msg.requestSent);
      void refresh();
      return;
    }
    const err = outcome.error;
    if (err instanceof ApiError && err.status === 409) {
      close();
      pendingWarning();
    } else if (err instanceof ApiError && err.code === 'NOT_AUTHORIZED')
      show('error', msg.requestNotAuthorized);
    else show('error', err instanceof ApiError && err.status === 400 ? err.mensaje : msg.requestError);
  };

  const s = state.data;
  const meeting = s?.cita ? paths.meeting(s.cita) : null;
  const open = chosen || (resume && !resumeDone && state.isSuccess && !s?.pendiente);
  return (
    <div className="cita">
      {open ? null : (
        <button
          type="button"
          className="button cita-button"
          ref={citaRef}
          onClick={() => (s?.pendiente || justSent ? pendingWarning() : setOpen(true))}
          disabled={busy}
          aria-expanded={open}
        >
          Cita
        </button>
      )}
      {open ? (
        <Suspense fallback={<div className="skeleton request-form-skeleton" />}>
          <RequestForm pair={pair} onDone={done} onCancel={close} />
        </Suspense>
      ) : null}
      <div className="cita-messages" aria-live="polite">
        {message ? (
          <p className={`message message-${message.kind}`} data-testid="cita-message">
            {message.text}
          </p>
        ) : null}
        {s?.propuesta && meeting ? (
          <p className="cita-status cita-status-proposal" data-testid="cita-status">
            Te propusieron otra hora. <Link to={meeting}>Responder</Link>
          </p>
        ) : s?.pendiente ? (
          <p className="cita-status" data-testid="cita-status">
            {msg.requestWaiting} {message ? null : cancelLink}
          </p>
        ) : s?.estado === 'aceptada' && meeting ? (
          <p className="cita-status cita-status-accepted" data-testid="cita-status">
            {s.acceso ? msg.requestAcceptedNotice : 'Tu cita fue aceptada.'}{' '}
            <Link to={meeting}>Ver cita y conversación</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
