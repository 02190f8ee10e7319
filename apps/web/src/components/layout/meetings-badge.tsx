import { useSession } from '../../lib/session.ts';
import { useMeetingSummary } from '../../lib/api/meetings.ts';

/**
 * The count beside "Mis citas" / "Solicitudes": requests or proposals waiting
 * for the caller's answer, plus meetings with unread messages. Polled, so it
 * moves without a reload; hidden at zero. Its words are read with the link's name.
 */
export function MeetingsBadge() {
  const session = useSession();
  const side = session.role === 'cliente' || session.role === 'usuario';
  const summary = useMeetingSummary(side);
  const total = summary.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <span className="nav-badge" data-testid="meetings-badge">
      {total > 99 ? '99+' : total}
      <span className="visually-hidden"> {total === 1 ? 'pendiente' : 'pendientes'}</span>
    </span>
  );
}
