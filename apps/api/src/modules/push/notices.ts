import { pages } from '@encanto/core/paths';
import type { PushKind } from '@encanto/core/push';
import type { PushNotice } from '../mail/service.ts';

/** What a push notice is about: a meeting event (as the mails), a favourite's visit, a check-in reminder. */
export type PushEvent =
  | {
      event:
        'solicitud' | 'aceptada' | 'rechazada' | 'propuesta' | 'propuestaAceptada' | 'mensaje' | 'comentario';
      meetingId: string;
    }
  | { event: 'visita'; text: string; nickname: string }
  /** New profiles for a saved search (decision 0176): its words and its listing page. */
  | { event: 'busqueda'; text: string; enlace: string; searchId: string }
  | { event: 'recordatorio' };

export const pushKindOf = (e: PushEvent): PushKind => {
  switch (e.event) {
    case 'solicitud':
    case 'propuestaAceptada':
      return 'solicitudes';
    case 'aceptada':
    case 'rechazada':
    case 'propuesta':
      return 'respuestas';
    case 'mensaje':
      return 'mensajes';
    case 'comentario':
      return 'comentarios';
    case 'visita':
      return 'visitas';
    case 'busqueda':
      return 'busquedas';
    case 'recordatorio':
      return 'recordatorios';
  }
};

const details: Record<Exclude<PushEvent['event'], 'visita' | 'busqueda'>, string> = {
  solicitud: 'Recibiste una solicitud de cita nueva.',
  aceptada: 'Aceptaron tu solicitud de cita.',
  rechazada: 'Hay una respuesta a tu solicitud de cita.',
  propuesta: 'Te propusieron otra hora para tu cita.',
  propuestaAceptada: 'Aceptaron la hora que propusiste.',
  mensaje: 'Tienes un mensaje nuevo en una cita.',
  comentario: 'Recibiste un comentario nuevo.',
  recordatorio: 'Tu check-in de seguridad vence en 10 minutos. Confírmalo si estás bien.',
};

/** The page a tap opens: the same as the mail's button (mail-templates/notification.ts). */
function urlOf(e: PushEvent): string {
  switch (e.event) {
    case 'solicitud':
      return pages.requests.href;
    case 'rechazada':
    case 'propuesta':
      return pages.myMeetings.href;
    case 'visita':
      return pages.card.href(e.nickname);
    case 'busqueda':
      return e.enlace;
    case 'recordatorio':
      return pages.escortHome.href;
    default:
      return pages.meeting.href(e.meetingId);
  }
}

/**
 * The notice's words (decision 0169): discreet by default, "Tienes una novedad en {site}", which a
 * lock screen may show to anyone; what happened only when the person turned on "Mostrar detalles".
 * The page a tap opens is the same either way (it asks for the session).
 */
export function pushNoticeFor(e: PushEvent, siteName: string, showDetails: boolean): PushNotice {
  const body = !showDetails
    ? `Tienes una novedad en ${siteName}`
    : e.event === 'visita' || e.event === 'busqueda'
      ? e.text
      : details[e.event];
  const tag =
    'meetingId' in e
      ? `cita-${e.meetingId}`
      : e.event === 'visita'
        ? `visita-${e.nickname}`
        : e.event === 'busqueda'
          ? `busqueda-${e.searchId}`
          : 'checkin';
  return { title: siteName, body, url: urlOf(e), tag, kind: pushKindOf(e) };
}
