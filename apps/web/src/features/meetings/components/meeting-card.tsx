import { Link } from 'react-router';
import type { MyMeeting } from '@encanto/core/meetings';
import { paths } from '../../../config/paths.ts';
import { AlertBadges } from '../../../components/safety/alert-badges.tsx';
import { ClientAvatar } from '../../../components/requests/client-avatar.tsx';
import { AttendanceRecord } from '../../../components/attendance/attendance-record.tsx';
import { AttendancePanel } from './attendance-panel.tsx';
import { MeetingActions } from './meeting-actions.tsx';
import { MeetingFacts } from './meeting-facts.tsx';
import { StatusChip } from './status-chip.tsx';

/** One meeting in a list: who, when, where, its state, unread messages and what to do next. */
export function MeetingCard({ meeting: m }: { meeting: MyMeeting }) {
  const name = m.otra_parte.nombre || m.otra_parte.nickname;
  return (
    <li className="meeting-card" data-testid="meeting-card" data-meeting={m.id}>
      <div className="meeting-card-head">
        <ClientAvatar url={m.otra_parte.url} nickname={m.otra_parte.nickname} size={48} />
        <div className="meeting-card-who">
          <Link className="meeting-card-name" to={paths.meeting(m.id)}>
            {name}
          </Link>
          {name !== m.otra_parte.nickname ? (
            <span className="meeting-card-nick">@{m.otra_parte.nickname}</span>
          ) : null}
        </div>
        <div className="meeting-card-badges">
          {m.no_leidos > 0 ? (
            <span className="unread-badge" title="Mensajes sin leer">
              {m.no_leidos}
              <span className="visually-hidden">
                {' '}
                {m.no_leidos === 1 ? 'mensaje nuevo' : 'mensajes nuevos'}
              </span>
            </span>
          ) : null}
          <StatusChip meeting={m} />
        </div>
      </div>
      <AlertBadges alertas={m.alertas} compact />
      <AttendanceRecord counts={m.otra_parte} of={m.rol === 'client' ? 'escort' : 'client'} compact />
      <MeetingFacts meeting={m} compact />
      <MeetingActions meeting={m} />
      <AttendancePanel meeting={m} />
    </li>
  );
}
