import {
  alertCategoryLabels,
  alertLapseOf,
  alertMonth,
  alertRules,
  formatAlertMonth,
  urgentAlertCategories,
  type AdminAlert,
  type AlertBadge,
  type AlertCreate,
  type MyAlert,
} from '@encanto/core/alerts';
import { msg } from '@encanto/core/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { safetyAlertConfirmedMail } from '../../mail-templates/safety-alert-confirmed.ts';
import { safetyAlertUrgentMail } from '../../mail-templates/safety-alert-urgent.ts';
import { adminEmails, findAccountById } from '../accounts/service.ts';
import { recordDecision } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  acceptedMeetingOf,
  alertsAboutClient,
  alertsFiledBy,
  alertsFiledOn,
  confirmedAlertsAbout,
  deleteAlertsPastRetention,
  findAlert,
  insertAlert,
  listAlertsForAdmin,
  refusesAlerted,
  saveSettings,
  updateAlert,
  type AlertRow,
} from './queries.ts';

// Safety alerts between providers (decision 0171). What leaves the administration is the category and
// the month of a confirmed alert in force; never the author, never the text.

type AlertDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/** Confirmations after this moment are still in force at `now` (12 months). */
export function inForceSince(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - alertRules.lapseMonths);
  return d;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An escort files an alert about the client of one of her accepted meetings; one per meeting. */
export async function fileAlert(
  deps: AlertDeps,
  escort: SessionAccount,
  input: AlertCreate,
): Promise<string> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const meeting = await acceptedMeetingOf(tx, escort.id, input.cita_id);
    if (!meeting) throw notFound(msg.alertMeetingInvalid, 'MEETING_NOT_ACCEPTED');
    const at = meeting.fechaHora ?? meeting.acceptedAt;
    if (at && now.getTime() > at.getTime() + alertRules.fileAfterMs)
      throw conflict(msg.alertWindowClosed, 'ALERT_WINDOW_CLOSED');
    const id = await insertAlert(tx, {
      meetingId: meeting.id,
      authorId: escort.id,
      clientId: meeting.clientId,
      categoria: input.categoria,
      descripcion: input.descripcion,
      meetingAt: at,
      createdAt: now,
    });
    if (!id) throw conflict(msg.alertAlreadyFiled, 'ALERT_EXISTS');
    if (urgentAlertCategories.includes(input.categoria)) {
      for (const to of await adminEmails(tx))
        await queueMail(
          tx,
          deps,
          safetyAlertUrgentMail,
          { categoria: alertCategoryLabels[input.categoria] },
          { to },
        );
    }
    return id;
  });
}

function toAdminAlert(r: Awaited<ReturnType<typeof listAlertsForAdmin>>[number]): AdminAlert {
  const a = r.alert;
  return {
    id: a.id,
    categoria: a.categoria,
    descripcion: a.descripcion,
    estado: a.status,
    fecha: a.createdAt.toISOString(),
    cita_fecha: iso(a.meetingAt),
    cliente: r.cliente,
    autora: r.autora,
    nota: a.note,
    decidida: iso(a.decidedAt),
    vigente_hasta:
      a.status === 'confirmada' && a.confirmedAt ? alertLapseOf(a.confirmedAt).toISOString() : null,
    descargo: a.answer,
    descargo_fecha: iso(a.answeredAt),
    otras_confirmadas: r.otras,
  };
}

/** The admin queue: pending first, then confirmed ones with an answer, then the rest. */
export async function alertsForAdmin(deps: Pick<Deps, 'db' | 'clock'>): Promise<AdminAlert[]> {
  const rows = await listAlertsForAdmin(deps.db, inForceSince(deps.clock.now()));
  return rows.map(toAdminAlert);
}

type Decision = 'confirmar' | 'descartar' | 'retirar';

const transitions: Record<
  Decision,
  {
    from: AlertRow['status'];
    to: AlertRow['status'];
    action: 'alerta_confirmada' | 'alerta_descartada' | 'alerta_retirada';
  }
> = {
  confirmar: { from: 'pendiente', to: 'confirmada', action: 'alerta_confirmada' },
  descartar: { from: 'pendiente', to: 'descartada', action: 'alerta_descartada' },
  retirar: { from: 'confirmada', to: 'retirada', action: 'alerta_retirada' },
};

/** An admin confirms, dismisses (pending ones) or withdraws (confirmed ones) an alert, with a note in the audit log. */
export async function decideAlert(
  deps: AlertDeps,
  admin: SessionAccount,
  id: string,
  decision: Decision,
  nota: string,
): Promise<void> {
  const now = deps.clock.now();
  const t = transitions[decision];
  await deps.db.transaction(async (tx) => {
    const alert = await findAlert(tx, id, true);
    if (!alert) throw notFound(msg.alertNotFound);
    if (alert.status !== t.from)
      throw conflict(
        decision === 'retirar' ? msg.alertNotConfirmed : msg.alertAlreadyDecided,
        'ALERT_DECIDED',
      );
    await updateAlert(tx, id, {
      status: t.to,
      decidedAt: now,
      decidedBy: admin.id,
      note: nota,
      ...(decision === 'confirmar' ? { confirmedAt: now } : {}),
    });
    const client = await findAccountById(tx, alert.clientId);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: alert.clientId,
      accountNickname: client?.nickname ?? '',
      action: t.action,
      reasons: `${alertCategoryLabels[alert.categoria]}: ${nota}`,
    });
    if (decision === 'confirmar' && client)
      await queueMail(
        tx,
        deps,
        safetyAlertConfirmedMail,
        {
          nickname: client.nickname,
          categoria: alertCategoryLabels[alert.categoria],
          mes: formatAlertMonth(alertMonth(alert.createdAt)),
        },
        { to: client.email, accountId: client.id },
      );
  });
}

/**
 * Confirmed alerts in force about each client, as escorts see them: category and month, nothing else.
 * Meetings call this for the requests and the client card.
 */
export async function alertBadgesFor(
  db: DbOrTx,
  clientIds: readonly string[],
  now: Date,
): Promise<Map<string, AlertBadge[]>> {
  const rows = await confirmedAlertsAbout(db, [...new Set(clientIds)], inForceSince(now));
  const byClient = new Map<string, AlertBadge[]>();
  for (const r of rows) {
    const list = byClient.get(r.clientId) ?? [];
    list.push({ categoria: r.categoria, fecha: alertMonth(r.createdAt) });
    byClient.set(r.clientId, list);
  }
  return byClient;
}

/** The alert this escort filed on each of the meetings, by meeting id. */
export async function filedAlertsOn(db: DbOrTx, escortId: string, meetingIds: readonly string[]) {
  const rows = await alertsFiledOn(db, escortId, meetingIds);
  return new Map(rows.map((r) => [r.meetingId ?? '', { categoria: r.categoria, estado: r.status }]));
}

/**
 * Whether a request from this client is refused: she chose to refuse clients with a confirmed alert in
 * force and he has one. The caller answers the same neutral 403 as for a block (decision 0171).
 */
export async function refusesRequestFrom(db: DbOrTx, escortId: string, clientId: string, now: Date) {
  if (!(await refusesAlerted(db, escortId))) return false;
  const alerts = await confirmedAlertsAbout(db, [clientId], inForceSince(now));
  return alerts.length > 0;
}

export async function alertSettingsOf(db: DbOrTx, escortId: string) {
  return { rechazar_con_alertas: await refusesAlerted(db, escortId) };
}

export async function setAlertSettings(deps: Pick<Deps, 'db' | 'clock'>, escortId: string, refuse: boolean) {
  await saveSettings(deps.db, escortId, refuse, deps.clock.now());
  return { rechazar_con_alertas: refuse };
}

function toMyAlert(a: AlertRow, now: Date): MyAlert {
  const lapse = a.confirmedAt ? alertLapseOf(a.confirmedAt) : null;
  const estado = a.status === 'retirada' ? 'retirada' : lapse && lapse <= now ? 'vencida' : 'confirmada';
  return {
    id: a.id,
    categoria: a.categoria,
    fecha: alertMonth(a.createdAt),
    estado,
    vigente_hasta: estado === 'confirmada' ? iso(lapse) : null,
    descargo: a.answer,
    descargo_fecha: iso(a.answeredAt),
  };
}

/** The client's own alerts, once confirmed: never the author, never the text (decision 0171). */
export async function myAlerts(deps: Pick<Deps, 'db' | 'clock'>, clientId: string): Promise<MyAlert[]> {
  const now = deps.clock.now();
  return (await alertsAboutClient(deps.db, clientId)).map((a) => toMyAlert(a, now));
}

/** The client's one answer to a confirmed alert in force. */
export async function answerAlert(
  deps: Pick<Deps, 'db' | 'clock'>,
  clientId: string,
  id: string,
  texto: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const alert = await findAlert(tx, id, true);
    // Someone else's alert, or one he cannot see yet, is the same 404 as a missing one.
    if (!alert || alert.clientId !== clientId || !alert.confirmedAt) throw notFound(msg.alertNotFound);
    if (alert.answer !== null) throw conflict(msg.alertAnswerTwice, 'ANSWER_EXISTS');
    if (toMyAlert(alert, now).estado !== 'confirmada') throw conflict(msg.alertAnswerClosed, 'ALERT_CLOSED');
    await updateAlert(tx, id, { answer: texto, answeredAt: now });
  });
}

/**
 * For the data export (decision 0171): the alerts about the account once confirmed (category, month,
 * status, its answer; never the author nor the text) and the alerts it filed (with its own text).
 */
export async function alertsForExport(db: DbOrTx, accountId: string, now: Date) {
  const [about, filed] = await Promise.all([alertsAboutClient(db, accountId), alertsFiledBy(db, accountId)]);
  return {
    alertas_sobre_mi: about.map((a) => {
      const v = toMyAlert(a, now);
      return {
        categoria: alertCategoryLabels[v.categoria],
        mes: v.fecha,
        estado: v.estado,
        vigente_hasta: v.vigente_hasta,
        descargo: v.descargo,
        descargo_el: v.descargo_fecha,
      };
    }),
    alertas_enviadas: filed.map((a) => ({
      categoria: alertCategoryLabels[a.categoria],
      descripcion: a.descripcion,
      enviada_el: a.createdAt.toISOString(),
      fecha_de_la_cita: iso(a.meetingAt),
      estado: a.status,
    })),
  };
}

/** Retention (decision 0171), run by the data-rights retention job. */
export function purgeAlerts(db: Db, now: Date): Promise<number> {
  const decidedBefore = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  // Confirmed ones: 12 months in force, then 12 more as a record the client can read.
  const confirmedBefore = new Date(now);
  confirmedBefore.setUTCMonth(confirmedBefore.getUTCMonth() - 2 * alertRules.lapseMonths);
  return deleteAlertsPastRetention(db, decidedBefore, confirmedBefore);
}
