import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { galleryListSchema, galleryUploadResultSchema, messageSchema } from '@encanto/core/gallery';
import { badRequest, tooLarge } from '../../errors.ts';
import { assertSafeFileName } from '../media/upload-guard.ts';
import { requireSelf } from '../../plugins/auth.ts';
import { sendCached } from '../../lib/send-cached.ts';
import {
  addGalleryItem,
  assertGalleryRoom,
  ownGallery,
  publicGallery,
  removeGalleryItem,
} from './service.ts';

const errorSchema = z.object({ mensaje: z.string(), code: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const nickParams = z.object({ nick: z.string().min(1).max(60) });
const deleteParams = z.object({ a: z.string().min(1).max(60), b: z.string().min(1).max(100) });

/** Room for multipart boundaries and part headers around the 2 MB file. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** Reads the one uploaded file into memory, never more than the 2 MB limit (busboy stops there). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  // A declared body well over the limit is refused before a single byte is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.galleryMaxBytes + MULTIPART_OVERHEAD) throw tooLarge(msg.galleryTooLarge);
  if (!request.isMultipart()) throw badRequest(msg.fileAndNicknameRequired);
  let part;
  try {
    // preservePath: see the name as sent, so a name carrying a path is refused (assertSafeFileName).
    part = await request.file({
      limits: { fileSize: limits.galleryMaxBytes, files: 1, fields: 5, parts: 6 },
      preservePath: true,
    });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge(msg.galleryTooLarge);
    throw badRequest(msg.fileAndNicknameRequired);
  }
  if (!part) throw badRequest(msg.fileAndNicknameRequired);
  assertSafeFileName(part.filename);
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge(msg.galleryTooLarge);
    throw badRequest(msg.fileAndNicknameRequired);
  }
}

/** The escort's photo and video gallery (upload/...). Every write needs the owner's session. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another feature may already have registered the parser higher up; limits are passed per call anyway.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: { fileSize: limits.galleryMaxBytes, files: 1, fields: 5, parts: 6 },
    });
  }

  app.post(
    '/upload/subir-imagenes/:nick',
    {
      schema: {
        tags: ['galería'],
        summary: 'Sube una imagen o un video mp4 (máx. 2 MB, 15 por escort) a la galería propia',
        consumes: ['multipart/form-data'],
        params: nickParams,
        response: {
          201: galleryUploadResultSchema,
          ...errors,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await requireSelf(request, request.params.nick, { kind: 'escort' });
      await assertGalleryRoom(app, account.id);
      const bytes = await readUpload(request);
      const result = await addGalleryItem(app, account.id, bytes);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/upload/obtener-imagenes-por-usuario/:nick',
    {
      schema: {
        tags: ['galería'],
        summary: 'Galería propia (solo la dueña)',
        params: nickParams,
        response: { 200: galleryListSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, request.params.nick, { kind: 'escort' });
      return { imagenes: await ownGallery(app, account.id) };
    },
  );

  app.get(
    '/upload/escort-imagenes/:nick',
    {
      schema: {
        tags: ['galería'],
        summary: 'Galería pública de una escort aprobada y visible',
        params: nickParams,
        response: { 200: galleryListSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, `galeria:${request.params.nick.toLowerCase()}`, async () => ({
        imagenes: await publicGallery(app, request.params.nick),
      })),
  );

  app.delete(
    '/upload/eliminar-perfil-usuario/:a/:b',
    {
      schema: {
        tags: ['galería'],
        summary: 'Elimina una imagen de la galería propia y sus variantes',
        params: deleteParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, request.params.a, { kind: 'escort' });
      await removeGalleryItem(app, account.id, request.params.b, 'image');
      return { mensaje: msg.imageDeleted };
    },
  );

  app.delete(
    '/upload/eliminar-video/:a/:b',
    {
      schema: {
        tags: ['galería'],
        summary: 'Elimina un video de la galería propia',
        params: deleteParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, request.params.a, { kind: 'escort' });
      await removeGalleryItem(app, account.id, request.params.b, 'video');
      return { mensaje: msg.videoDeleted };
    },
  );
};
