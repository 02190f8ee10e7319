import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

/** A mail as the transport hands it over: the outbox row's content. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string> | undefined;
}

/** What actually sends: only the outbox worker calls it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox so the demo works offline, named
 * by the app's clock at sending (so they sort in the order they were sent).
 */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  clock: Clock,
): MailTransport {
  const message = (m: OutgoingMail) => ({
    from: config.mailFrom,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    ...(m.headers ? { headers: m.headers } : {}),
  });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (m) => {
        await transport.sendMail(message(m));
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    send: async (m) => {
      const info = await transport.sendMail(message(m));
      await fs.mkdir(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // The sequence keeps two mails of the same millisecond apart and in order.
      const stamp = `${clock.now().toISOString().replace(/[:.]/g, '-')}-${String(seq++ % 1000).padStart(3, '0')}`;
      await fs.writeFile(path.join(outbox, `${stamp}-${safeTo}.eml`), info.message as Buffer, {
        mode: 0o600,
      });
    },
    close: () => transport.close(),
  };
}
