import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { reviewVisible } from '../meetings/service.ts';
import {
  accounts,
  auditLog,
  blocks,
  clientRatings,
  comments,
  consents,
  escortProfiles,
  escortRatings,
  favorites,
  identityDocuments,
  media,
  meetingMessages,
  meetings,
  notificationPrefs,
  photoVerifications,
  ratingTotals,
  rectificationRequests,
  reports,
  safetyCheckins,
  sessions,
} from '../../db/schema/index.ts';

/**
 * Everything stored about one account, read for the export (right of access and
 * portability). Other people appear only by nickname.
 */
const other = alias(accounts, 'other');

export async function readAccount(db: DbOrTx, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function readEscortProfile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(escortProfiles).where(eq(escortProfiles.accountId, id)).limit(1);
  return row;
}

export function readMedia(db: DbOrTx, id: string) {
  return db.select().from(media).where(eq(media.accountId, id)).orderBy(asc(media.createdAt));
}

export async function readDocument(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ createdAt: identityDocuments.createdAt, rejectedAt: identityDocuments.rejectedAt })
    .from(identityDocuments)
    .where(eq(identityDocuments.accountId, id))
    .limit(1);
  return row;
}

export function readFavorites(db: DbOrTx, id: string) {
  return db
    .select({ nickname: other.nickname, createdAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(other, eq(other.id, favorites.escortId))
    .where(eq(favorites.clientId, id))
    .orderBy(asc(favorites.createdAt));
}

export function readMeetings(db: DbOrTx, id: string) {
  return db
    .select({
      clientId: meetings.clientId,
      escortId: meetings.escortId,
      otherNickname: other.nickname,
      status: meetings.status,
      fechaHora: meetings.fechaHora,
      duracionMin: meetings.duracionMin,
      lugar: meetings.lugar,
      mensaje: meetings.mensaje,
      propuestaFechaHora: meetings.propuestaFechaHora,
      motivoRechazo: meetings.motivoRechazo,
      acceso: meetings.acceso,
      comentado: meetings.comentado,
      evaluadoCliente: meetings.evaluadoCliente,
      evaluadoEscort: meetings.evaluadoEscort,
      createdAt: meetings.createdAt,
      acceptedAt: meetings.acceptedAt,
      closedAt: meetings.closedAt,
    })
    .from(meetings)
    .innerJoin(
      other,
      or(
        and(eq(meetings.clientId, id), eq(other.id, meetings.escortId)),
        and(eq(meetings.escortId, id), eq(other.id, meetings.clientId)),
      ),
    )
    .where(or(eq(meetings.clientId, id), eq(meetings.escortId, id)))
    .orderBy(asc(meetings.createdAt));
}

export function readCommentsWritten(db: DbOrTx, id: string) {
  return db
    .select({
      nickname: other.nickname,
      fecha: comments.fecha,
      comentario: comments.comentario,
      likes: comments.likes,
    })
    .from(comments)
    .innerJoin(other, eq(other.id, comments.escortId))
    .where(eq(comments.clientId, id))
    .orderBy(asc(comments.createdAt));
}

/** Comments about the person once published: one still waiting for her own review stays unread (double-blind). */
export function readCommentsReceived(db: DbOrTx, id: string, now: Date) {
  return db
    .select({
      nickname: comments.nickCliente,
      fecha: comments.fecha,
      comentario: comments.comentario,
      likes: comments.likes,
    })
    .from(comments)
    .where(and(eq(comments.escortId, id), reviewVisible(comments.meetingId, now)))
    .orderBy(asc(comments.createdAt));
}

/** Messages the person wrote in meeting conversations (what the other member wrote is theirs). */
export function readMessagesWritten(db: DbOrTx, id: string) {
  return db
    .select({
      otherNickname: other.nickname,
      texto: meetingMessages.texto,
      createdAt: meetingMessages.createdAt,
    })
    .from(meetingMessages)
    .innerJoin(meetings, eq(meetings.id, meetingMessages.meetingId))
    .innerJoin(
      other,
      or(
        and(eq(meetings.clientId, id), eq(other.id, meetings.escortId)),
        and(eq(meetings.escortId, id), eq(other.id, meetings.clientId)),
      ),
    )
    .where(eq(meetingMessages.authorId, id))
    .orderBy(asc(meetingMessages.id));
}

export async function readNotificationPrefs(db: DbOrTx, id: string) {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.accountId, id)).limit(1);
  return row;
}

const notes = (t: typeof escortRatings | typeof clientRatings) => ({
  nota1: t.nota1,
  nota2: t.nota2,
  nota3: t.nota3,
  nota4: t.nota4,
  nota5: t.nota5,
  createdAt: t.createdAt,
});

/** Ratings the person gave: to escorts (as a client) and to clients (as an escort). */
export async function readRatingsGiven(db: DbOrTx, id: string) {
  const toEscorts = await db
    .select({ nickname: other.nickname, ...notes(escortRatings), comentario: sql<string | null>`null` })
    .from(escortRatings)
    .innerJoin(other, eq(other.id, escortRatings.escortId))
    .where(eq(escortRatings.raterId, id));
  const toClients = await db
    .select({ nickname: other.nickname, ...notes(clientRatings), comentario: clientRatings.comentario })
    .from(clientRatings)
    .innerJoin(other, eq(other.id, clientRatings.clientId))
    .where(eq(clientRatings.raterId, id));
  return [...toEscorts, ...toClients].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function readRatingTotals(db: DbOrTx, id: string) {
  const [row] = await db.select().from(ratingTotals).where(eq(ratingTotals.accountId, id)).limit(1);
  return row;
}

export function readConsents(db: DbOrTx, id: string) {
  return db
    .select({ kind: consents.kind, version: consents.version, acceptedAt: consents.acceptedAt })
    .from(consents)
    .where(eq(consents.accountId, id))
    .orderBy(asc(consents.acceptedAt), asc(consents.kind));
}

/** Decisions about the account; who decided is left out (staff are other people). */
export function readDecisions(db: DbOrTx, id: string) {
  return db
    .select({ action: auditLog.action, reasons: auditLog.reasons, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.accountId, id))
    .orderBy(asc(auditLog.id));
}

export function readReportsFiled(db: DbOrTx, id: string) {
  return db
    .select({
      nickname: reports.escortNickname,
      reason: reports.reason,
      detail: reports.detail,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, id))
    .orderBy(asc(reports.createdAt));
}

export function readRectifications(db: DbOrTx, id: string) {
  return db
    .select()
    .from(rectificationRequests)
    .where(eq(rectificationRequests.accountId, id))
    .orderBy(asc(rectificationRequests.id));
}

export function readBlocks(db: DbOrTx, id: string) {
  return db
    .select({ nickname: other.nickname, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(other, eq(other.id, blocks.clientId))
    .where(eq(blocks.escortId, id))
    .orderBy(asc(blocks.createdAt));
}

/** Session metadata only: the token hash never leaves the server. */
export function readSessions(db: DbOrTx, id: string) {
  return db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.accountId, id))
    .orderBy(asc(sessions.createdAt));
}

/** Her photo verifications (decision 0100): status and dates only, never the selfie or its storage key. */
export function readPhotoVerifications(db: DbOrTx, id: string) {
  return db
    .select({
      status: photoVerifications.status,
      code: photoVerifications.code,
      motivo: photoVerifications.motivo,
      decidedAt: photoVerifications.decidedAt,
      createdAt: photoVerifications.createdAt,
      selfieKept: sql<boolean>`${photoVerifications.storageKey} is not null`,
    })
    .from(photoVerifications)
    .where(eq(photoVerifications.accountId, id))
    .orderBy(asc(photoVerifications.createdAt));
}

/** Her safety check-ins: the deadline, the contact she named and what happened. */
export function readCheckins(db: DbOrTx, id: string) {
  return db
    .select({
      venceAt: safetyCheckins.venceAt,
      contactEmail: safetyCheckins.contactEmail,
      nota: safetyCheckins.nota,
      status: safetyCheckins.status,
      reminderAt: safetyCheckins.reminderAt,
      alertAt: safetyCheckins.alertAt,
      closedAt: safetyCheckins.closedAt,
      createdAt: safetyCheckins.createdAt,
    })
    .from(safetyCheckins)
    .where(eq(safetyCheckins.accountId, id))
    .orderBy(asc(safetyCheckins.createdAt));
}
