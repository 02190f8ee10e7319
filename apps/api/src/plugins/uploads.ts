import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { AppError } from '../errors.ts';
import { assertSafeFileName } from '../infra/media/upload-guard.ts';

/** Room for multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Every upload form is one file and a few short text fields (the spec's
 * nickname); where the three former readers differed, the stricter limit was
 * kept (a second file or a fifth field is 413). fileSize is the largest any
 * route takes (a gallery video); each route reads with its own.
 */
const formLimits = {
  fileSize: Math.max(limits.documentMaxBytes, limits.galleryVideoMaxBytes),
  files: 1,
  fields: 4,
  parts: 6,
  fieldSize: 200,
};

const MULTIPART = 'multipart/form-data';

/**
 * @fastify/multipart, registered once for the whole app. Only routes that
 * declare a multipart body (`consumes`) accept one; any other route answers 415
 * with the same body it gave when it had no multipart parser at all (an unknown
 * path stays a 404).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: formLimits });
  // Callback style: every request passes here, and a promise per request bought nothing (decision 0152).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.is404 || !request.isMultipart()) return done();
    if (!request.routeOptions.schema?.consumes?.includes(MULTIPART)) {
      return done(new AppError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', msg.unsupportedType));
    }
    done();
  });
}

export interface SingleFileOptions {
  /** The route's limit for the file: a larger declared body is refused before a byte is read. */
  maxBytes: number;
  /** Only a file sent under this field name counts (the spec's profile forms name it 'file'). */
  fileField?: string;
  /** The route's answer for a body over the limit. */
  tooLarge: () => AppError;
  /** The route's answer for a body that is not a form with a file. */
  invalid: () => AppError;
}

export interface SingleFileForm {
  file: Buffer;
  /** Text fields by name (the first value of each), wherever they came in the form. */
  fields: Record<string, string>;
}

/**
 * Reads an upload form into memory: its one file, never past `maxBytes`
 * (busboy stops there), and its text fields, in any order. A file name
 * carrying a path is refused; so is a form without a file.
 */
export async function readSingleFile(
  request: FastifyRequest,
  options: SingleFileOptions,
): Promise<SingleFileForm> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > options.maxBytes + MULTIPART_OVERHEAD) throw options.tooLarge();
  if (!request.isMultipart()) throw options.invalid();
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    // preservePath: see the name as sent, so a name carrying a path is refused (assertSafeFileName).
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes }, preservePath: true })) {
      if (part.type === 'file') {
        assertSafeFileName(part.filename);
        const bytes = await part.toBuffer();
        if (!file && (!options.fileField || part.fieldname === options.fileField)) file = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] ??= part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw options.tooLarge();
    throw options.invalid();
  }
  if (!file) throw options.invalid();
  return { file, fields };
}
