import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { MeetingPair } from '@encanto/core/marketplace';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import {
  cancelRequest,
  requestMeeting,
  useMeetingState,
  useRefreshMeetings,
} from '../../lib/api/meetings.ts';

/** The signed-in client's pair with the escort of the card, or null for anyone else. */
export function useClientPair(escortNickname: string): MeetingPair | null {
  const session = useSession();
  return session.role === 'cliente' && session.nickname
    ? { nickname_cliente: session.nickname, nickname_usuario: escortNickname }
    : null;
}

/**
 * 'Cita' on the card, for a signed-in client only. The outcome shows for 5 s
 * with the spec's texts; a pending request offers its cancel link. Below it a
 * live line (polled) says whether the request waits or was accepted, so the
 * client sees the escort's answer without reloading.
 */
export function CitaButton({ nickname }: { nickname: string }) {
  const pair = useClientPair(nickname);
  const state = useMeetingState(pair);
  const refresh = useRefreshMeetings();
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(timings.requestMessageMs);
  if (!pair) return null;

  const cancel = () =>
    run(() => cancelRequest(pair), {
      onSuccess: () => show('success', msg.requestCancelled),
      onError: () => show('error', msg.requestCancelError),
    });

  const cancelLink = (
    <button type="button" className="link-button" onClick={() => void cancel()}>
      {msg.requestCancelLink}
    </button>
  );

  const request = () =>
    run(() => requestMeeting(pair), {
      onSuccess: () => show('success', msg.requestSent),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409)
          show(
            'warning',
            <>
              {msg.requestPending} {cancelLink}
            </>,
          );
        else if (err instanceof ApiError && err.code === 'NOT_AUTHORIZED')
          show('error', msg.requestNotAuthorized);
        else show('error', msg.requestError);
      },
    });

  const s = state.data;
  return (
    <div className="cita">
      <button type="button" className="button cita-button" onClick={() => void request()} disabled={busy}>
        Cita
      </button>
      <div className="cita-messages" aria-live="polite">
        {message ? (
          <p className={`message message-${message.kind}`} data-testid="cita-message">
            {message.text}
          </p>
        ) : null}
        {s?.pendiente ? (
          <p className="cita-status" data-testid="cita-status">
            {msg.requestWaiting} {message ? null : cancelLink}
          </p>
        ) : s?.acceso ? (
          <p className="cita-status cita-status-accepted" data-testid="cita-status">
            {msg.requestAcceptedNotice}
          </p>
        ) : null}
      </div>
    </div>
  );
}
