import { detailsFromRow } from '@encanto/core/profile-details';
import {
  reportReasonLabels,
  rectifiableFieldLabels,
  type RectifiableField,
  type ReportReason,
} from '@encanto/core/data-rights';
import { consentText } from '@encanto/core/consent';
import { retentionDays } from '@encanto/core/constants';
import { averagesFrom } from '@encanto/core/marketplace';
import { auditActionLabel } from '@encanto/core/validation';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import * as q from './export-queries.ts';
import { alertsForExport } from '../alerts/service.ts';
import { attendanceForExport } from '../attendance/service.ts';
import { allVisits } from '../touring/service.ts';
import { pushPreferencesOf, subscriptionsList } from '../push/service.ts';
import { mySearches } from '../saved-searches/service.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an identity document is (or was) due for deletion: DOCUMENT_RETENTION_DAYS
 * after the account's approval, or 30 days after its rejection; none while it awaits review.
 */
export function documentDeletionDate(
  approvedAt: Date | null,
  rejectedAt: Date | null | undefined,
  approvedRetentionDays: number,
): Date | null {
  if (approvedAt) return new Date(approvedAt.getTime() + approvedRetentionDays * DAY_MS);
  return rejectedAt ? new Date(rejectedAt.getTime() + retentionDays.rejectedDocument * DAY_MS) : null;
}

function averages(
  totals: { count: number; sum1: number; sum2: number; sum3: number; sum4: number; sum5: number } | undefined,
) {
  if (!totals || totals.count === 0) return { cantidad: 0, promedios: null };
  const {
    promedio_general,
    total: _total,
    ...criteria
  } = averagesFrom({
    count: totals.count,
    sums: [totals.sum1, totals.sum2, totals.sum3, totals.sum4, totals.sum5],
  });
  return { cantidad: totals.count, promedios: { ...criteria, general: promedio_general } };
}

/**
 * The export: every piece of data the product keeps about the caller, in one
 * JSON document, readable by a person and by another service. Never a password
 * hash, a session token or a document's bytes; other people only by nickname.
 */
export async function exportAccount(
  deps: Pick<Deps, 'db' | 'media' | 'config'>,
  accountId: string,
  now: Date,
) {
  const { db, config } = deps;
  const account = await q.readAccount(db, accountId);
  if (!account) throw notFound();
  const [
    profile,
    files,
    doc,
    favs,
    meets,
    written,
    received,
    given,
    totals,
    decisions,
    filed,
    rects,
    blocked,
    sess,
    chat,
    prefs,
    givenConsents,
    photoChecks,
    checkins,
    visits,
    alerts,
    attendance,
  ] = await Promise.all([
    q.readEscortProfile(db, accountId),
    q.readMedia(db, accountId),
    q.readDocument(db, accountId),
    q.readFavorites(db, accountId),
    q.readMeetings(db, accountId),
    q.readCommentsWritten(db, accountId),
    q.readCommentsReceived(db, accountId, now),
    q.readRatingsGiven(db, accountId),
    q.readRatingTotals(db, accountId),
    q.readDecisions(db, accountId),
    q.readReportsFiled(db, accountId),
    q.readRectifications(db, accountId),
    q.readBlocks(db, accountId),
    q.readSessions(db, accountId),
    q.readMessagesWritten(db, accountId),
    q.readNotificationPrefs(db, accountId),
    q.readConsents(db, accountId),
    q.readPhotoVerifications(db, accountId),
    q.readCheckins(db, accountId),
    allVisits(db, accountId),
    alertsForExport(db, accountId, now),
    attendanceForExport(db, accountId),
  ]);
  // The push channel (decisions 0168, 0169): the devices that get notices and their switches.
  // The saved searches (decision 0175) go with it: a client's own words and filters.
  const [pushDevices, pushPrefs, searches] = await Promise.all([
    subscriptionsList(db, accountId),
    pushPreferencesOf(db, accountId),
    mySearches(db, accountId),
  ]);
  const base = config.siteUrl;
  const absolute = (url: string) => (url.startsWith('/') ? `${base}${url}` : url);

  return {
    formato: 'encanto-export/1',
    sitio: config.siteName,
    generado_el: now.toISOString(),
    cuenta: {
      tipo_perfil: account.tipoPerfil,
      rut: account.rut,
      nombre: account.nombre,
      apellido: account.apellido,
      nickname: account.nickname,
      email: account.email,
      fecha_nac: account.fechaNac,
      genero: account.genero,
      fono: account.fono,
      ciudad: account.ciudad,
      url: absolute(account.url),
      autorizado: account.autorizado,
      aviso_pendiente: account.motivo,
      aprobada_el: iso(account.approvedAt),
      creada_el: iso(account.createdAt),
      actualizada_el: iso(account.updatedAt),
    },
    perfil_escort: profile
      ? {
          medidas: profile.medidas,
          legenda: profile.legenda,
          ...detailsFromRow(profile),
          estado: profile.estado,
          pausado: profile.paused,
          suspendido: profile.suspended,
          publicado: profile.public,
          creado_el: iso(profile.createdAt),
        }
      : null,
    fotos: files.map((m) => ({
      uso: m.purpose === 'profile' ? 'perfil' : 'galeria',
      tipo: m.mediaType === 'video' ? 'video' : 'imagen',
      publicId: m.publicId,
      url: absolute(m.url),
      variantes: m.variants.map((v) => absolute(deps.media.url(v.key))),
      subida_el: iso(m.createdAt),
      // A held picture (decision 0177): 'en_revision' or 'retirada'; null when it is shown.
      retenida: m.hold,
    })),
    documento_identidad: doc
      ? {
          subido_el: iso(doc.createdAt),
          se_elimina_el: iso(
            documentDeletionDate(account.approvedAt, doc.rejectedAt, config.documentRetentionDays),
          ),
          nota: 'La imagen del documento no se incluye en este archivo; puedes verla desde tu perfil mientras esté guardada.',
        }
      : null,
    fotos_verificadas: profile?.fotosVerificadas ?? false,
    verificaciones_de_fotos: photoChecks.map((v) => ({
      estado: v.status,
      codigo: v.code,
      motivo_rechazo: v.motivo,
      enviada_el: iso(v.createdAt),
      decidida_el: iso(v.decidedAt),
      selfie_guardada: v.selfieKept,
    })),
    avisos_de_seguridad: checkins.map((c) => ({
      estado: c.status,
      vence_el: iso(c.venceAt),
      contacto_email: c.contactEmail,
      nota: c.nota,
      recordatorio_el: iso(c.reminderAt),
      alerta_enviada_el: iso(c.alertAt),
      cerrado_el: iso(c.closedAt),
      creado_el: iso(c.createdAt),
    })),
    // Safety alerts (decision 0171): about this account without the author, and those it filed.
    ...alerts,
    // Attendance marks made and received (decision 0174), without the other account's name.
    ...attendance,
    gira: visits.map((v) => ({ ciudad: v.ciudad, desde: v.desde, hasta: v.hasta })),
    favoritos: favs.map((f) => ({ nick_usuario: f.nickname, agregado_el: iso(f.createdAt) })),
    busquedas_guardadas: searches.map((s) => ({
      nombre: s.nombre,
      filtros: s.filtros,
      enlace: absolute(s.enlace),
      guardada_el: s.creada,
    })),
    citas: meets.map((m) => ({
      rol: m.clientId === accountId ? 'cliente' : 'escort',
      con: m.otherNickname,
      estado: m.status,
      fecha_hora: iso(m.fechaHora),
      duracion_min: m.duracionMin,
      lugar: m.lugar,
      mensaje: m.mensaje,
      propuesta_fecha_hora: iso(m.propuestaFechaHora),
      motivo_rechazo: m.motivoRechazo,
      acceso: m.acceso,
      comentado: m.comentado,
      evaluado_por_cliente: m.evaluadoCliente,
      evaluado_por_escort: m.evaluadoEscort,
      creada_el: iso(m.createdAt),
      aceptada_el: iso(m.acceptedAt),
      cerrada_el: iso(m.closedAt),
    })),
    mensajes_escritos: chat.map((m) => ({ a: m.otherNickname, texto: m.texto, fecha: iso(m.createdAt) })),
    avisos_por_correo: {
      solicitudes: prefs?.solicitudes ?? true,
      respuestas: prefs?.respuestas ?? true,
      mensajes: prefs?.mensajes ?? true,
      comentarios: prefs?.comentarios ?? true,
      visitas: prefs?.visitas ?? true,
      busquedas: prefs?.busquedas ?? true,
      ciudad_de_visitas: prefs?.ciudadVisitas ?? null,
    },
    avisos_en_el_telefono: {
      ...pushPrefs,
      dispositivos: pushDevices.map((d) => ({ creado_el: d.creada, ultimo_envio: d.ultimo_envio })),
    },
    comentarios_escritos: written.map((c) => ({
      nick_usuario: c.nickname,
      fecha: c.fecha,
      comentario: c.comentario,
      likes: c.likes,
    })),
    comentarios_recibidos: received.map((c) => ({
      nick_cliente: c.nickname,
      fecha: c.fecha,
      comentario: c.comentario,
      likes: c.likes,
    })),
    calificaciones_dadas: given.map((r) => ({
      a: r.nickname,
      nota1: r.nota1,
      nota2: r.nota2,
      nota3: r.nota3,
      nota4: r.nota4,
      nota5: r.nota5,
      // Her comment on a client's rating (decision 0157), when she wrote one.
      ...(r.comentario ? { comentario: r.comentario } : {}),
      fecha: iso(r.createdAt),
    })),
    calificaciones_recibidas: averages(totals),
    consentimientos: givenConsents.map((c) => ({
      tipo: c.kind,
      texto: consentText(c.kind, c.version),
      version: c.version,
      aceptado_el: iso(c.acceptedAt),
    })),
    decisiones_sobre_la_cuenta: decisions.map((d) => ({
      accion: d.action,
      descripcion: auditActionLabel(d.action),
      motivos: d.reasons,
      fecha: iso(d.createdAt),
    })),
    denuncias_realizadas: filed.map((r) => ({
      perfil: r.nickname,
      motivo: reportReasonLabels[r.reason as ReportReason] ?? r.reason,
      detalle: r.detail,
      estado: r.status,
      fecha: iso(r.createdAt),
    })),
    solicitudes_rectificacion: rects.map((r) => ({
      campo: rectifiableFieldLabels[r.field as RectifiableField] ?? r.field,
      valor: r.value,
      detalle: r.detail,
      estado: r.status,
      fecha: iso(r.createdAt),
    })),
    clientes_bloqueados: blocked.map((b) => ({ nickname_cliente: b.nickname, desde: iso(b.createdAt) })),
    sesiones: sess.map((s) => ({
      iniciada_el: iso(s.createdAt),
      ultima_actividad: iso(s.lastSeenAt),
      expira_el: iso(s.expiresAt),
    })),
  };
}
