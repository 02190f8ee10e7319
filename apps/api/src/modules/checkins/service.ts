import { createHash, randomBytes } from 'node:crypto';
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
import { queueMail } from '../mail/service.ts';
import { notifyByPush } from '../push/service.ts';
import { checkinAlertMail } from '../../mail-templates/checkin-alert.ts';
import { checkinReminderMail } from '../../mail-templates/checkin-reminder.ts';
import { contactInviteMail } from '../../mail-templates/contact-invite.ts';
import { escortMeetingDetails } from '../meetings/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { spendCheckinBudgets } from './budgets.ts';
import { addressKey, normalizeAddress, signRefusal, verifyRefusal } from './contact-keys.ts';
import { plainNote } from './plain-note.ts';
import * as q from './queries.ts';

type CheckinDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'counters'>;

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
    contacto_avisado: row.alertAt !== null,
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
 * Starts a check-in. Only an approved escort may: the check-in mails an address
 * she types, so an account nobody has verified must not make the site write to
 * strangers. A contact she names for the first time is mailed once to accept
 * (the invitation and the check-in commit together); until they do, the
 * check-in still runs, her page says they have not confirmed, and at the
 * deadline nobody is mailed. An address that refused all mail from the site is
 * refused here, so she never relies on a contact who will not hear. Each start
 * draws on the daily budgets (budgets.ts).
 */
export async function startCheckin(
  deps: CheckinDeps,
  caller: SessionAccount,
  input: CheckinCreate,
): Promise<Checkin> {
  if (caller.kind !== 'escort') throw forbidden();
  if (caller.autorizado !== 'aprobado') throw forbidden(msg.checkinNotApproved, 'NOT_APPROVED');
  const now = deps.clock.now();
  const vence = new Date(input.vence);
  const ahead = vence.getTime() - now.getTime();
  if (ahead < CHECKIN_MIN_MS - SLACK_MS || ahead > CHECKIN_MAX_MS + SLACK_MS)
    throw badRequest(msg.checkinDeadlineRange);
  const cita = input.cita_id ? await escortMeetingDetails(deps.db, caller.id, input.cita_id) : undefined;
  if (input.cita_id && (!cita || cita.status !== 'aceptada')) throw badRequest(msg.checkinMeetingInvalid);
  const email = input.contacto_email.trim();
  const emailNorm = normalizeAddress(email);
  const address = await addressKey(deps.config, email);
  if (await q.isRefused(deps.db, address)) throw conflict(msg.checkinContactRefused, 'CONTACT_REFUSED');
  if ((await q.activeCount(deps.db, caller.id)) >= CHECKIN_MAX_ACTIVE)
    throw conflict(msg.checkinActiveLimit, 'CHECKIN_LIMIT');
  const known = await q.findContact(deps.db, caller.id, emailNorm);
  const spent = await spendCheckinBudgets(deps.counters, caller.id, address, {
    newContact: !known,
    // The invitation to a new contact, or the alert to one who confirmed; an unconfirmed one gets neither.
    mailsContact: !known || known.confirmedAt !== null,
  });
  try {
    return await deps.db.transaction(async (tx) => {
      // The count again beside the insert: the check above only keeps a refusal from spending the budgets.
      if ((await q.activeCount(tx, caller.id)) >= CHECKIN_MAX_ACTIVE)
        throw conflict(msg.checkinActiveLimit, 'CHECKIN_LIMIT');
      const token = randomBytes(24).toString('base64url');
      if (await q.addContact(tx, caller.id, emailNorm, hashToken(token))) {
        // The mail's way out of all the site's mail (its link and List-Unsubscribe) carries a signed token.
        const refusalToken = await signRefusal(deps.config, email);
        await queueMail(
          tx,
          deps,
          contactInviteMail,
          { nickname: caller.nickname, confirmToken: token, refusalToken },
          { to: email },
        );
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
  } catch (err) {
    await spent.refund();
    throw err;
  }
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

/**
 * The contact accepts, from the invitation's link. Accepting is the address
 * owner's own explicit act, so it also lifts a refusal of that address made
 * earlier (the only way back from one, short of writing to support).
 */
export async function confirmTrustedContact(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const emailNorm = await q.confirmContact(tx, hashToken(token), deps.clock.now());
    if (emailNorm === undefined) throw notFound(msg.contactLinkInvalid);
    await q.removeRefusal(tx, await addressKey(deps.config, emailNorm));
  });
}

/**
 * "No quiero recibir más correos": the signed link of a check-in mail puts its
 * address on the refusal list. Every check-in mail reads the list: no new
 * invitation (the escort is told to choose someone else) and no alert.
 */
export async function refuseContactMail(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<void> {
  const address = await verifyRefusal(deps.config, token);
  if (!address) throw badRequest(msg.contactRefusalInvalid, undefined, 'TOKEN_INVALID');
  await q.addRefusal(deps.db, address);
}

/**
 * One pass of the check-in clock (every process runs it every 20 s; rows are
 * claimed with SKIP LOCKED, so two instances never mail twice): expired
 * check-ins alert the contact, then the ones 10 minutes from their deadline
 * remind her. Each mail is queued in the transaction that marks the row. Only
 * a contact who confirmed and has not refused mail is alerted; the note she
 * wrote is quoted as plain text with its links defanged (plain-note.ts).
 */
export async function sweepCheckins(deps: CheckinDeps): Promise<{ alerts: number; reminders: number }> {
  const now = deps.clock.now();
  const { db, config } = deps;
  const alerts = await db.transaction(async (tx) => {
    const due = await q.lockExpired(tx, now);
    let sent = 0;
    for (const d of due) {
      const refused = await q.isRefused(tx, await addressKey(config, d.checkin.contactEmail));
      const alert = d.confirmedAt !== null && !refused;
      await q.markExpired(tx, d.checkin.id, now, alert);
      if (!alert) continue;
      const cita = await meetingOf(tx, d.checkin.accountId, d.checkin.meetingId);
      await queueMail(
        tx,
        deps,
        checkinAlertMail,
        {
          nickname: d.nickname,
          deadline: d.checkin.venceAt.toISOString(),
          meeting: cita ? { fechaHora: cita.fecha_hora, lugar: cita.lugar, cliente: cita.cliente } : null,
          note: plainNote(d.checkin.nota),
          phone: d.fono,
          email: d.email,
          refusalToken: await signRefusal(config, d.checkin.contactEmail),
        },
        { to: d.checkin.contactEmail },
      );
      sent++;
    }
    return sent;
  });
  const reminders = await db.transaction(async (tx) => {
    const due = await q.lockDueReminders(tx, now, CHECKIN_REMINDER_MS);
    for (const d of due) {
      await q.markReminded(tx, d.checkin.id, now);
      await queueMail(
        tx,
        deps,
        checkinReminderMail,
        {
          nickname: d.nickname,
          deadline: d.checkin.venceAt.toISOString(),
          contactConfirmed: d.confirmedAt !== null,
        },
        { to: d.email, accountId: d.checkin.accountId },
      );
      await notifyByPush(tx, deps, d.checkin.accountId, { event: 'recordatorio' });
    }
    return due.length;
  });
  return { alerts, reminders };
}
