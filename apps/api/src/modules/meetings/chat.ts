import { meetingRules, type ChatMessage, type Conversation } from '@encanto/core/meetings';
import { msg } from '@encanto/core/messages';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findAccountById } from '../accounts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import { notify } from '../notifications/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { insertMessage, listMessages, markMailed, markRead, readState } from './chat-queries.ts';
import { findMeeting, type MeetingRow } from './queries.ts';
import { conversationEndOf } from './windows.ts';

type ChatDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'live'>;

interface Membership {
  meeting: MeetingRow;
  otherId: string;
  /** The caller may write now: accepted and not closed, within 7 days after the meeting, no block. */
  open: boolean;
  until: Date | null;
}

/**
 * The conversation belongs to the meeting's two members: anyone else (admins
 * included) is told it does not exist (404). It opens with the acceptance; a
 * block ends it, and the blocked client may no longer even read it (403).
 */
async function membership({ db, clock }: ChatDeps, caller: SessionAccount, id: string): Promise<Membership> {
  const meeting = await findMeeting(db, id);
  if (!meeting || (caller.id !== meeting.clientId && caller.id !== meeting.escortId))
    throw notFound(msg.conversationNotFound);
  if (!meeting.acceptedAt) throw forbidden(msg.conversationNotOpen, 'NOT_ACCEPTED');
  const blocked = await isBlocked(db, meeting.escortId, meeting.clientId);
  if (blocked && caller.id === meeting.clientId) throw forbidden(msg.blockedNeutral, 'NOT_AVAILABLE');
  const until = conversationEndOf(meeting);
  const open = meeting.status === 'aceptada' && !blocked && (until === null || clock.now() < until);
  const otherId = caller.id === meeting.clientId ? meeting.escortId : meeting.clientId;
  return { meeting, otherId, open, until };
}

const toMessage =
  (callerId: string) =>
  (m: { id: number; texto: string; authorId: string | null; createdAt: Date }): ChatMessage => ({
    id: m.id,
    texto: m.texto,
    fecha: m.createdAt.toISOString(),
    mio: m.authorId === callerId,
  });

/** The conversation for one of its members; reading it marks it read (the page polls it while open). */
export async function readConversation(
  deps: ChatDeps,
  caller: SessionAccount,
  id: string,
): Promise<Conversation> {
  const { meeting, otherId, open, until } = await membership(deps, caller, id);
  const [rows, other] = await Promise.all([
    listMessages(deps.db, meeting.id),
    findAccountById(deps.db, otherId),
  ]);
  const lastId = rows.at(-1)?.id ?? 0;
  const before = await readState(deps.db, meeting.id, caller.id);
  await markRead(deps.db, meeting.id, caller.id, lastId, deps.clock.now());
  // Something was unread: the reader's other tabs recount their badge (live events, decision 0158).
  if ((before?.lastReadId ?? 0) < lastId) deps.live.publish([caller.id], { tipo: 'leida', cita: meeting.id });
  return {
    cita: meeting.id,
    abierta: open,
    hasta: until?.toISOString() ?? null,
    otra_parte: { nickname: other?.nickname ?? '', nombre: other?.apellido ?? '' },
    mensajes: rows.map(toMessage(caller.id)),
  };
}

/**
 * A member writes while the conversation is open. The other member gets a mail
 * when she has not opened the conversation for 15 minutes, once per absence
 * (not again until she opens it), and only if she keeps message mails on.
 */
export async function postMessage(
  deps: ChatDeps,
  caller: SessionAccount,
  id: string,
  texto: string,
): Promise<ChatMessage> {
  const { meeting, otherId, open } = await membership(deps, caller, id);
  if (!open) throw forbidden(msg.conversationEnded, 'CONVERSATION_CLOSED');
  const now = deps.clock.now();
  const message = await deps.db.transaction(async (tx) => {
    const row = await insertMessage(tx, {
      meetingId: meeting.id,
      authorId: caller.id,
      texto,
      createdAt: now,
    });
    await markRead(tx, meeting.id, caller.id, row.id, now);
    const theirs = await readState(tx, meeting.id, otherId);
    const seenRecently =
      theirs?.readAt && now.getTime() - theirs.readAt.getTime() < meetingRules.messageMailQuietMs;
    const mailedThisAbsence = theirs?.mailedAt && (!theirs.readAt || theirs.mailedAt > theirs.readAt);
    if (!seenRecently && !mailedThisAbsence) {
      const other = await findAccountById(tx, otherId);
      if (other) {
        await notify(tx, deps, { id: other.id, email: other.email, kind: other.kind }, 'mensaje', meeting.id);
        await markMailed(tx, meeting.id, otherId, now);
      }
    }
    return row;
  });
  // After the commit, so a stream never shows a message the database does not hold (decision 0158).
  deps.live.publish([meeting.clientId, meeting.escortId], {
    tipo: 'mensaje',
    cita: meeting.id,
    autor: caller.id,
    mensaje: { id: message.id, texto: message.texto, fecha: message.createdAt.toISOString() },
  });
  return toMessage(caller.id)(message);
}
