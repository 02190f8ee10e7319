import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { refusalHeaders, refusalPage } from './contact-links.ts';
import { defineMail, footer, link, p } from './mail.ts';

const schema = z.object({
  /** Her public nickname: who asks. */
  nickname: z.string(),
  /** The invitation's one-use confirmation token. */
  confirmToken: z.string(),
  /** The signed token of the one-click refusal of all mail. */
  refusalToken: z.string(),
});

export const contactInviteSubject = (site: string, nickname: string) =>
  `${site}: ${nickname} te pidió ser su contacto de confianza`;

/**
 * The invitation to be an escort's trusted contact. It goes to someone who is not a user: it says who
 * asks (her public nickname on the named site), carries no link she wrote, and ends with the one-click
 * refusal of all mail.
 */
export const contactInviteMail = defineMail({
  name: 'contact-invite',
  description: 'Invitación a ser contacto de confianza de una escort',
  schema,
  samples: {
    default: {
      nickname: 'camila_v',
      confirmToken: 'b2Xr9kQ1vN7mT4pL8wE3sD6f',
      refusalToken: 'YW1pZ2FAZWplbXBsby5jbA.firma-de-ejemplo',
    },
  },
  kind: 'seguridad',
  subject: (d, site) => contactInviteSubject(site.name, d.nickname),
  body: (d, site) => [
    p('Hola:'),
    p(
      `Te escribimos desde ${site.name}. Quien te eligió como contacto de confianza para sus citas es la escort que en ${site.name} usa el apodo público «${d.nickname}». Si no responde a tiempo a un aviso de seguridad, te escribiremos con los datos que ella decida compartir.`,
    ),
    p(
      'Si la conoces y aceptas, confirma aquí:',
      link(
        `${site.url}${pages.contactConfirm.href}?token=${encodeURIComponent(d.confirmToken)}`,
        'Acepto ser su contacto',
      ),
    ),
    p('Si no la conoces, ignora este correo: sin tu confirmación no te enviaremos sus avisos.'),
    footer(
      `Para no recibir nunca más correos de ${site.name}, con un clic:`,
      link(refusalPage(site, d.refusalToken), 'No quiero recibir más correos'),
    ),
  ],
  headers: (d, site) => refusalHeaders(site, d.refusalToken),
});
