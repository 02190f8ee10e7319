import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@encanto/core/messages';
import { IMMUTABLE, isSafeKey, mediaType } from '../infra/media/store.ts';

/**
 * Serves public media under /media/ in both modes (API only and with the web
 * app): static files for the disk driver; for S3 a redirect to S3_PUBLIC_URL
 * when set, otherwise a proxy. Names are content hashes, hence immutable caching.
 */
export async function registerMediaFiles(app: FastifyInstance): Promise<void> {
  const store = app.services.media;
  if (store.localPath) {
    const root = store.root ?? path.join(app.config.dataDir, 'media');
    // @fastify/static wants an existing folder; a fresh DATA_DIR has none before the first upload.
    await fs.mkdir(root, { recursive: true });
    // No wildcard route of the plugin's: it reads every folder of the path on each request to check the
    // name's spelling (decision 0197), and a shard folder holds thousands of files. The key check below
    // leaves no other spelling to catch; sendFile skips that reading.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      setHeaders: (res) => {
        res.header('cache-control', IMMUTABLE);
      },
    });
    app.get('/media/*', { schema: { hide: true } }, (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      return isSafeKey(key) ? reply.sendFile(key) : reply.callNotFound();
    });
    return;
  }

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key)) return reply.status(404).send({ mensaje: msg.notFound, code: 'NOT_FOUND' });
    const direct = store.publicUrl?.(key);
    if (direct) return reply.header('cache-control', IMMUTABLE).redirect(direct, 301);
    const body = await store.get(key);
    if (!body) return reply.status(404).send({ mensaje: msg.notFound, code: 'NOT_FOUND' });
    return reply.header('cache-control', IMMUTABLE).type(mediaType(key)).send(body);
  });
}
