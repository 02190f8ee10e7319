import path from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createMailTransport, type MailTransport } from './modules/mail/transport.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createDiskMediaStore, type MediaStore } from './modules/media/store.ts';
import { documentStoreFor, type DocumentStore } from './modules/validation/document-store.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { timings } from '@encanto/core/constants';

/** Process-wide collaborators, built once from the config and closed with the app. */
export interface Services {
  /** Queues mail in the outbox (the one mail path); `enqueueMail(tx, …)` inside a transaction. */
  mailer: Mailer;
  /** Sends what the outbox worker hands it: SMTP, or .eml files without SMTP_URL. */
  mailTransport: MailTransport;
  /** The time every rule with a window reads (meetings, conversations, reviews). */
  clock: Clock;
  media: MediaStore;
  /** Identity documents, encrypted at rest apart from public media. */
  documents: DocumentStore;
  /** Serialised hot public reads (listings, cards), fresh within 5 s. */
  publicCache: ResponseCache;
  close(): Promise<void>;
}

export async function createServices(config: Config, db: Db): Promise<Services> {
  const mailer = createMailer(db);
  const mailTransport = createMailTransport(config);
  const media = config.s3
    ? (await import('./modules/media/s3-store.ts')).createS3MediaStore(config.s3)
    : createDiskMediaStore(path.join(config.dataDir, 'media'));
  return {
    mailer,
    mailTransport,
    clock: systemClock,
    media,
    documents: documentStoreFor(config),
    publicCache: new ResponseCache(timings.listingCacheMs),
    close: async () => {
      mailer.close();
      mailTransport.close();
    },
  };
}
