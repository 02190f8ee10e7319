import { createHash, randomBytes } from 'node:crypto';
import { formatMeetingTime } from '@encanto/core/chile-time';
import { lugarLabels } from '@encanto/core/meetings';
import { msg } from '@encanto/core/messages';
import {
  CHECKIN_MAX_ACTIVE,
  CHECKIN_MAX_MS,
  CHECKIN_MIN_MS,
  CHECKIN_REMINDER_MS,
  type Checkin,
  type CheckinCreate,
} from '@encanto/core/safety';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { enqueueMail } from '../mail/service.ts';
import { escortMeetingDetails } from '../meetings/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import * as q from './queries.ts';

type CheckinDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A minute early is fine: the form's "in 15 minutes" was chosen a few seconds before the request. */
const SLACK_MS = 60_000;

function toCheckin(row: q.CheckinRow, confirmedAt: Date | null, cita: Checkin['cita']): Checkin {
  return {
    id: row.id,
    estado: row.status,
    vence: row.venceAt.toISOString(),
    contacto_email: row.contactEmail,
    contacto_confirmado: confirmedAt !== null,
    nota: row.nota,
    cita,
    creado: row.createdAt.toISOString(),
    cerrado: row.closedAt?.toISOString() ?? null,
  };
}

async function meetingOf(db: DbOrTx, escortId: string, meetingId: string | null): Promise<Checkin['cita']> {
  if (!meetingId) return null;
  const m = await escortMeetingDetails(db, escortId, meetingId);
  return m
    ? {
        id: m.id,
        cliente: m.cliente,
        fecha_hora: m.fechaHora?.toISOString() ?? null,
        lugar: m.lugar ? lugarLabels.escort[m.lugar] : null,
      }
    : null;
}

/**
 * Starts a check-in. A contact she names for the first time is mailed once to
 * accept (the invitation and the check-in commit together); until they do, the
 * check-in still runs and her page says they have not confirmed.
 */
export async function startCheckin(
  deps: CheckinDeps,
  caller: SessionAccount,
  input: CheckinCreate,
): Promise<Checkin> {
  if (caller.kind !== 'escort') throw forbidden();
  const now = deps.clock.now();
  const vence = new Date(input.vence);
  const ahead = vence.getTime() - now.getTime();
  if (ahead < CHECKIN_MIN_MS - SLACK_MS || ahead > CHECKIN_MAX_MS + SLACK_MS)
    throw badRequest(msg.checkinDeadlineRange);
  const cita = input.cita_id ? await escortMeetingDetails(deps.db, caller.id, input.cita_id) : undefined;
  if (input.cita_id && (!cita || cita.status !== 'aceptada')) throw badRequest(msg.checkinMeetingInvalid);
  const email = input.contacto_email.trim();
  const emailNorm = email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    if ((await q.activeCount(tx, caller.id)) >= CHECKIN_MAX_ACTIVE)
      throw conflict(msg.checkinActiveLimit, 'CHECKIN_LIMIT');
    const token = randomBytes(24).toString('base64url');
    if (await q.addContact(tx, caller.id, emailNorm, hashToken(token))) {
      await enqueueMail(tx, {
        to: email,
        subject: msg.contactInviteSubject(deps.config.siteName),
        text: msg.contactInviteText(
          caller.nickname,
          `${deps.config.siteUrl}/ContactoSeguridad?token=${token}`,
        ),
      });
    }
    const row = await q.insertCheckin(tx, {
      accountId: caller.id,
      meetingId: cita?.id ?? null,
      venceAt: vence,
      contactEmail: email,
      nota: input.nota ?? '',
    });
    const contact = await q.findContact(tx, caller.id, emailNorm);
    return toCheckin(row, contact?.confirmedAt ?? null, await meetingOf(tx, caller.id, row.meetingId));
  });
}

export async function ownCheckins(db: DbOrTx, caller: SessionAccount): Promise<Checkin[]> {
  if (caller.kind !== 'escort') throw forbidden();
  const rows = await q.listOwn(db, caller.id);
  return Promise.all(
    rows.map(async (r) =>
      toCheckin(r.checkin, r.confirmedAt, await meetingOf(db, caller.id, r.checkin.meetingId)),
    ),
  );
}

/** "Estoy bien": closes her active check-in; another person's is a 404 (its existence is not told). */
export async function closeCheckin(deps: Pick<Deps, 'db' | 'clock'>, caller: SessionAccount, id: string) {
  if (caller.kind !== 'escort') throw forbidden();
  const closed = await q.closeOwn(deps.db, caller.id, id, deps.clock.now());
  if (closed.length > 0) return;
  const row = await q.findOwn(deps.db, caller.id, id);
  if (!row) throw notFound(msg.checkinNotFound);
  throw conflict(msg.checkinNotActive, 'CHECKIN_CLOSED');
}

export async function confirmTrustedContact(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<void> {
  if (!(await q.confirmContact(deps.db, hashToken(token), deps.clock.now())))
    throw notFound(msg.contactLinkInvalid);
}

const chileClock = (d: Date) =>
  d.toLocaleTimeString('es-CL', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit' });

/**
 * One pass of the check-in clock (every process runs it every 20 s; rows are
 * claimed with SKIP LOCKED, so two instances never mail twice): expired
 * check-ins alert the contact, then the ones 10 minutes from their deadline
 * remind her. Each mail is queued in the transaction that marks the row.
 */
export async function sweepCheckins(deps: CheckinDeps): Promise<{ alerts: number; reminders: number }> {
  const now = deps.clock.now();
  const { db, config } = deps;
  const alerts = await db.transaction(async (tx) => {
    const due = await q.lockExpired(tx, now);
    for (const d of due) {
      const cita = await meetingOf(tx, d.checkin.accountId, d.checkin.meetingId);
      const details = [
        cita
          ? `Cita: ${cita.fecha_hora ? formatMeetingTime(cita.fecha_hora) : 'sin hora'}${cita.lugar ? `, ${cita.lugar}` : ''}, con el cliente ${cita.cliente}.`
          : 'No asoció una cita a este aviso.',
        d.checkin.nota ? `Su nota: ${d.checkin.nota}` : 'No dejó una nota.',
      ].join('\n');
      await q.markExpired(tx, d.checkin.id, now);
      await enqueueMail(tx, {
        to: d.checkin.contactEmail,
        subject: msg.checkinAlertSubject(d.nickname),
        text: msg.checkinAlertText(
          d.nickname,
          chileClock(d.checkin.venceAt),
          details,
          `teléfono ${d.fono}, correo ${d.email}`,
        ),
      });
    }
    return due.length;
  });
  const reminders = await db.transaction(async (tx) => {
    const due = await q.lockDueReminders(tx, now, CHECKIN_REMINDER_MS);
    for (const d of due) {
      await q.markReminded(tx, d.checkin.id, now);
      await enqueueMail(tx, {
        to: d.email,
        subject: msg.checkinReminderSubject,
        text: msg.checkinReminderText(
          d.nickname,
          chileClock(d.checkin.venceAt),
          `${config.siteUrl}/ProfileUsuario#seguridad`,
        ),
        accountId: d.checkin.accountId,
      });
    }
    return due.length;
  });
  return { alerts, reminders };
}
