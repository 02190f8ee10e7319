import { z } from 'zod';
import { timings } from '@encanto/core/constants';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p, strong } from './mail.ts';

const schema = z.object({
  /** Which recovery page the link opens. */
  recipientKind: z.enum(['client', 'escort']),
  /** The 4-digit provisional code. */
  code: z.string(),
  /** The link's one-use token (proves the mailbox, so the recovery step needs no code lock). */
  token: z.string(),
});

/** A forgotten password: the provisional code and the link that opens the recovery step. */
export const recoveryCodeMail = defineMail({
  name: 'recovery-code',
  description: 'Contraseña provisoria y enlace para crear una nueva',
  schema,
  samples: {
    cliente: { recipientKind: 'client', code: '4821', token: 'k3J9dQ2xVbN8mT5rLw7pYc1zHs4fGa6eUo0iKj2lMn8' },
    escort: { recipientKind: 'escort', code: '0736', token: 'Zx8cV7bN6mA5sD4fG3hJ2kL1qW9eR8tY7uI6oP5aS4d' },
  },
  subject: (_d, site) => `${site.name}: tu contraseña provisoria`,
  body: (d, site) => {
    const reset = d.recipientKind === 'client' ? pages.resetClient : pages.resetEscort;
    const minutes = Math.round(timings.recoveryCodeTtlMs / 60_000);
    return [
      p('Hola:'),
      p([
        'Tu contraseña provisoria es ',
        strong(d.code),
        `. Vale por ${minutes} minutos y sirve una sola vez.`,
      ]),
      p(
        'Abre este enlace para crear tu nueva contraseña:',
        link(`${site.url}${reset.href(d.token)}`, 'Crear mi nueva contraseña'),
      ),
      p('Si no la pediste, ignora este correo: tu contraseña actual sigue igual.'),
    ];
  },
});
