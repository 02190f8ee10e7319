import type { Db } from '../../db/client.ts';
import { enqueueMail } from './service.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mailer services receive (`deps.mailer`). `send` queues the mail in the
 * outbox outside any transaction and returns: code that has a transaction of
 * its own should call `enqueueMail(tx, …)` instead, so the mail commits with it.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(db: Db): Mailer {
  return {
    send: (message) => enqueueMail(db, message),
    close: () => {},
  };
}
