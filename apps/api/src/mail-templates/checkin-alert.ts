import { z } from 'zod';
import { formatClockTime, formatMeetingTime } from '@encanto/core/chile-time';
import { refusalHeaders, refusalPage } from './contact-links.ts';
import { defineMail, footer, link, p } from './mail.ts';

const schema = z.object({
  /** Her public nickname. */
  nickname: z.string(),
  /** The check-in's deadline (ISO), shown as Chile clock time. */
  deadline: z.iso.datetime(),
  /** The meeting she tied to the check-in, if any. */
  meeting: z
    .object({
      fechaHora: z.iso.datetime().nullable(),
      /** The place as she sees it named. */
      lugar: z.string().nullable(),
      cliente: z.string(),
    })
    .nullable(),
  /** Her note with its links defanged (checkins/plain-note.ts); empty when she left none. */
  note: z.string(),
  /** How to reach her. */
  phone: z.string(),
  email: z.string(),
  /** The signed token of the one-click refusal of all mail. */
  refusalToken: z.string(),
});
type Data = z.infer<typeof schema>;

const meetingLine = (m: Data['meeting']) =>
  m
    ? `Cita: ${m.fechaHora ? formatMeetingTime(m.fechaHora) : 'sin hora'}${m.lugar ? `, ${m.lugar}` : ''}, con el cliente ${m.cliente}.`
    : 'No asoció una cita a este aviso.';

export const checkinAlertSubject = (site: string, nickname: string) =>
  `${site}: ${nickname} no confirmó que está bien`;

/** Her check-in expired without her saying she is fine: her confirmed contact is told what she shared. */
export const checkinAlertMail = defineMail({
  name: 'checkin-alert',
  description: 'Alerta a un contacto de confianza: el aviso de seguridad venció sin respuesta',
  schema,
  samples: {
    default: {
      nickname: 'camila_v',
      deadline: '2026-05-04T23:30:00.000Z',
      meeting: {
        fechaHora: '2026-05-04T22:00:00.000Z',
        lugar: 'En su departamento',
        cliente: 'juan_p',
      },
      note: 'Edificio azul, depto 1204 (ejemplo[.]cl)',
      phone: '+56 9 1234 5678',
      email: 'camila@ejemplo.cl',
      refusalToken: 'YW1pZ2FAZWplbXBsby5jbA.firma-de-ejemplo',
    },
    sinCita: {
      nickname: 'camila_v',
      deadline: '2026-05-04T23:30:00.000Z',
      meeting: null,
      note: '',
      phone: '+56 9 1234 5678',
      email: 'camila@ejemplo.cl',
      refusalToken: 'YW1pZ2FAZWplbXBsby5jbA.firma-de-ejemplo',
    },
  },
  kind: 'seguridad',
  subject: (d, site) => checkinAlertSubject(site.name, d.nickname),
  body: (d, site) => [
    p('Hola:'),
    p(
      `Te escribimos desde ${site.name} porque aceptaste ser contacto de confianza de la escort que en ${site.name} usa el apodo público «${d.nickname}». Activó un aviso de seguridad y no confirmó que está bien antes de las ${formatClockTime(d.deadline)}.`,
    ),
    p(
      meetingLine(d.meeting),
      d.note ? `Su nota, tal como la escribió (sin enlaces activos): «${d.note}»` : 'No dejó una nota.',
    ),
    p(`Cómo contactarla: teléfono ${d.phone}, correo ${d.email}`),
    p('Intenta comunicarte con ella. Si crees que está en peligro, llama a Carabineros (133).'),
    footer(
      `Para no recibir nunca más correos de ${site.name}, con un clic:`,
      link(refusalPage(site, d.refusalToken), 'No quiero recibir más correos'),
    ),
  ],
  headers: (d, site) => refusalHeaders(site, d.refusalToken),
});
