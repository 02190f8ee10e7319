import path from 'node:path';
import type { Config } from './config.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createDiskMediaStore, type MediaStore } from './modules/media/store.ts';
import { createRemoteImageFetcher, type RemoteImageFetcher } from './modules/media/remote-image.ts';
import { documentStoreFor, type DocumentStore } from './modules/validation/document-store.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { timings } from '@encanto/core/constants';

/** Process-wide collaborators, built once from the config and closed with the app. */
export interface Services {
  mailer: Mailer;
  media: MediaStore;
  /** Identity documents, encrypted at rest apart from public media. */
  documents: DocumentStore;
  /** Serialised hot public reads (listings, cards), fresh within 5 s. */
  publicCache: ResponseCache;
  /** Downloads a picture named by URL from a public address (profile photos given as a link). */
  remoteImages: RemoteImageFetcher;
  close(): Promise<void>;
}

export async function createServices(config: Config): Promise<Services> {
  const mailer = createMailer(config);
  const media = config.s3
    ? (await import('./modules/media/s3-store.ts')).createS3MediaStore(config.s3)
    : createDiskMediaStore(path.join(config.dataDir, 'media'));
  return {
    mailer,
    media,
    documents: documentStoreFor(config),
    publicCache: new ResponseCache(timings.listingCacheMs),
    remoteImages: createRemoteImageFetcher(),
    close: async () => {
      mailer.close();
    },
  };
}
