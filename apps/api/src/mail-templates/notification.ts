import { z } from 'zod';
import type { NotificationKind } from '@encanto/core/notifications';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';
import { noticeRecipient, notificationFooter, notificationHeaders } from './notification-footer.ts';

/** What happened, for whom: each event belongs to one kind of notification the recipient can turn off. */
export const notificationEventValues = [
  'solicitud',
  'aceptada',
  'rechazada',
  'propuesta',
  'propuestaAceptada',
  'mensaje',
  'comentario',
] as const;
export type NotificationEvent = (typeof notificationEventValues)[number];

export const notificationKindOf: Record<NotificationEvent, NotificationKind> = {
  solicitud: 'solicitudes',
  propuestaAceptada: 'solicitudes',
  aceptada: 'respuestas',
  rechazada: 'respuestas',
  propuesta: 'respuestas',
  mensaje: 'mensajes',
  comentario: 'comentarios',
};

const lines: Record<NotificationEvent, string> = {
  solicitud: 'Recibiste una solicitud nueva. Revísala aquí:',
  aceptada: 'Aceptaron tu solicitud. Ya pueden conversar aquí:',
  rechazada: 'Hay una respuesta a tu solicitud. Revísala aquí:',
  propuesta: 'Te propusieron otra hora. Respóndela aquí:',
  propuestaAceptada: 'Aceptaron la hora que propusiste. Revisa el detalle aquí:',
  mensaje: 'Tienes un mensaje nuevo. Léelo aquí:',
  comentario:
    'Recibiste un comentario nuevo. Se publica cuando ambos califiquen o termine el plazo; califica aquí:',
};

// The button's words: as discreet as the line above them.
const labels: Record<NotificationEvent, string> = {
  solicitud: 'Ver la solicitud',
  aceptada: 'Abrir la conversación',
  rechazada: 'Ver la respuesta',
  propuesta: 'Responder',
  propuestaAceptada: 'Ver el detalle',
  mensaje: 'Leer el mensaje',
  comentario: 'Calificar',
};

const schema = z.object({
  event: z.enum(notificationEventValues),
  meetingId: z.string(),
  ...noticeRecipient.shape,
});
type Data = z.infer<typeof schema>;

/** Where the mail sends her: her requests, her meetings, or the meeting itself. */
function target(d: Data): string {
  if (d.event === 'solicitud') return pages.requests.href;
  if (d.event === 'rechazada' || d.event === 'propuesta') return pages.myMeetings.href;
  return pages.meeting.href(d.meetingId);
}

/**
 * A meeting notification (request, answer, new time, message, comment). Subject and first line are
 * discreet (the site's name and "tienes una novedad"), nothing names a person or the meeting; the
 * mail carries a one-click unsubscribe for its kind, as a link and as List-Unsubscribe (RFC 8058).
 */
export const notificationMail = defineMail({
  name: 'notification',
  description: 'Aviso de una novedad en una cita (solicitud, respuesta, mensaje, comentario)',
  schema,
  samples: {
    solicitud: {
      event: 'solicitud',
      meetingId: '6f1c2b9e-3a7d-4c55-9e0b-1d2f3a4b5c6d',
      recipientKind: 'escort',
      unsubscribeToken: '6f1c2b9e-0000-4000-8000-000000000001.solicitudes.firma-de-ejemplo',
    },
    aceptada: {
      event: 'aceptada',
      meetingId: '6f1c2b9e-3a7d-4c55-9e0b-1d2f3a4b5c6d',
      recipientKind: 'client',
      unsubscribeToken: '6f1c2b9e-0000-4000-8000-000000000002.respuestas.firma-de-ejemplo',
    },
    propuesta: {
      event: 'propuesta',
      meetingId: '6f1c2b9e-3a7d-4c55-9e0b-1d2f3a4b5c6d',
      recipientKind: 'client',
      unsubscribeToken: '6f1c2b9e-0000-4000-8000-000000000002.respuestas.firma-de-ejemplo',
    },
    mensaje: {
      event: 'mensaje',
      meetingId: '6f1c2b9e-3a7d-4c55-9e0b-1d2f3a4b5c6d',
      recipientKind: 'escort',
      unsubscribeToken: '6f1c2b9e-0000-4000-8000-000000000001.mensajes.firma-de-ejemplo',
    },
  },
  kind: (d) => notificationKindOf[d.event],
  subject: (_d, site) => `${site.name}: tienes una novedad en tu cuenta`,
  body: (d, site) => [
    p(`Tienes una novedad en tu cuenta de ${site.name}.`),
    p(lines[d.event], link(`${site.url}${target(d)}`, labels[d.event])),
    notificationFooter(notificationKindOf[d.event], d, site),
  ],
  headers: notificationHeaders,
});
