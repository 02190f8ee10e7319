import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { cityKey } from '@encanto/core/geo';
import { comments, meetings, rectificationRequests, rentals, reports } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile, noiseJpeg } from '../helpers/gallery-media.ts';

/**
 * The cast of the security suite: two clients, two escorts and an admin as the
 * callers, plus "victim" accounts the admin-only routes act on, so an admin
 * decision in one row of the matrix never changes the callers' own state.
 * The main client and escort are pending (as after registration): their
 * identity document can be uploaded and read by them, which is the state the
 * document routes exist for; a meeting row between them exists so the
 * "escort who met the client" rules have someone to allow.
 */
export interface World {
  app: FastifyInstance;
  client: FixtureAccount;
  otherClient: FixtureAccount;
  escort: FixtureAccount;
  otherEscort: FixtureAccount;
  admin: FixtureAccount;
  victimClient: FixtureAccount;
  victimEscort: FixtureAccount;
  /** publicId of the main client's identity document. */
  clientDocument: string;
  reportId: number;
  rectificationId: number;
  rentalId: number;
  /** The accepted meeting between the main client and escort (its conversation is theirs only). */
  meetingId: string;
  /** A fresh comment by the client on the escort's profile, with enough dislikes to be deletable. */
  newComment(): Promise<number>;
}

export const roles = ['anonymous', 'client', 'otherClient', 'escort', 'otherEscort', 'admin'] as const;
export type Role = (typeof roles)[number];

let commentDay = 0;

export async function createWorld(app: FastifyInstance): Promise<World> {
  const [client, otherClient, escort, otherEscort, admin, victimClient, victimEscort] = await Promise.all([
    createAccount(app, { kind: 'client' }),
    createAccount(app, { kind: 'client', autorizado: 'aprobado' }),
    createAccount(app, { kind: 'escort' }),
    createAccount(app, { kind: 'escort', autorizado: 'aprobado' }),
    createAccount(app, { kind: 'admin' }),
    createAccount(app, { kind: 'client' }),
    createAccount(app, { kind: 'escort', autorizado: 'aprobado' }),
  ]);
  const [meeting] = await app.db
    .insert(meetings)
    .values({
      clientId: client.id,
      escortId: escort.id,
      status: 'aceptada',
      acceso: true,
      click: true,
      fechaHora: new Date(Date.now() + 2 * 86_400_000),
      acceptedAt: new Date(),
    })
    .returning({ id: meetings.id });
  const upload = multipartFile(await noiseJpeg(320, 200), 'carnet.jpg', 'image/jpeg');
  const doc = await app.inject({
    method: 'POST',
    url: `/api/upload/subir-validacion-cliente/${client.nickname}`,
    headers: { ...upload.headers, authorization: `Bearer ${client.token}` },
    payload: upload.payload,
  });
  if (doc.statusCode !== 201) throw new Error(`document upload failed: ${doc.statusCode} ${doc.body}`);
  const [report] = await app.db
    .insert(reports)
    .values({ escortId: victimEscort.id, escortNickname: victimEscort.nickname, reason: 'spam' })
    .returning({ id: reports.id });
  const [rect] = await app.db
    .insert(rectificationRequests)
    .values({ accountId: victimClient.id, field: 'nombre', value: 'Nombre Corregido' })
    .returning({ id: rectificationRequests.id });
  const [rental] = await app.db
    .insert(rentals)
    .values({
      ciudad: 'Santiago',
      cityKey: cityKey('Santiago'),
      direccion: 'Av. Providencia 1234',
      url: 'https://example.com/arriendo-1',
    })
    .returning({ id: rentals.id });
  return {
    app,
    client,
    otherClient,
    escort,
    otherEscort,
    admin,
    victimClient,
    victimEscort,
    clientDocument: (doc.json() as { publicId: string }).publicId,
    reportId: report!.id,
    rectificationId: rect!.id,
    rentalId: rental!.id,
    meetingId: meeting!.id,
    newComment: async () => {
      const day = new Date(Date.UTC(2020, 0, 1) + commentDay++ * 86_400_000).toISOString().slice(0, 10);
      const [row] = await app.db
        .insert(comments)
        .values({
          escortId: escort.id,
          clientId: client.id,
          nickCliente: client.nickname,
          fecha: day,
          comentario: 'Comentario',
          likes: 3,
        })
        .returning({ id: comments.id });
      return row!.id;
    },
  };
}

/** The account behind a role (undefined for the anonymous visitor). */
export function accountOf(world: World, role: Role): FixtureAccount | undefined {
  return role === 'anonymous' ? undefined : world[role];
}

/** A fresh session for the role: routes like logout or a password change end the caller's session. */
export async function authHeaders(world: World, role: Role): Promise<Record<string, string>> {
  const account = accountOf(world, role);
  if (!account) return {};
  return {
    authorization: `Bearer ${await createSession(world.app.db, account.id, world.app.services.clock.now(), { secondFactor: true })}`,
  };
}

export interface RouteInfo {
  method: string;
  /** OpenAPI form: /api/usuario/ciudad/{city} */
  path: string;
  key: string;
  hasBody: boolean;
  multipart: boolean;
  pathParams: string[];
  query: { name: string; required: boolean; schema: Record<string, unknown> }[];
  bodySchema: JsonSchema | undefined;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  [k: string]: unknown;
}

/** Every route of the API, read from the OpenAPI document the route schemas generate. */
export function routeTable(app: FastifyInstance): RouteInfo[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; required?: boolean; schema: Record<string, unknown> }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const out: RouteInfo[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const content = op.requestBody?.content ?? {};
      out.push({
        method,
        path: p,
        key: `${method} ${p}`,
        hasBody: Boolean(op.requestBody),
        multipart: p.includes('/upload/subir-'),
        pathParams: [...p.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!),
        query: (op.parameters ?? [])
          .filter((x) => x.in === 'query')
          .map((x) => ({ name: x.name, required: Boolean(x.required), schema: x.schema })),
        bodySchema: content['application/json']?.schema,
      });
    }
  }
  return out;
}

export function fillPath(pathTemplate: string, params: Record<string, string | number>): string {
  return pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${pathTemplate}`);
    return encodeSegment(String(v));
  });
}

/** encodeURIComponent, except that a lone surrogate is sent as the invalid UTF-8 bytes a hostile client would send. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** Strings that must never appear in any response: password hashes or their field names. */
export const HASH_LEAK = /argon2|pass_hash|passhash/i;

/**
 * A stack trace or a raw error text reaching the client: stack frames, error
 * class names, file paths, SQL or driver texts. The spec's own Spanish message
 * "Error: No se encontró la información del cliente." starts with 'Error:', so
 * 'Error:' counts only where it is not the start of a `mensaje`.
 */
export const STACK_LEAK =
  /\n\s+at |\bat (?:async )?[\w.$<>]+ \(|\b\w+Error\b:|(?<!"mensaje":")Error:|node_modules|\.tsx?:\d+|\bselect\b[^"]*\bfrom\b|duplicate key|violates [\w ]*constraint|syntax error at|relation "|ECONNREFUSED/i;

/** Checks the shape of an error answer: JSON with a Spanish `mensaje`, nothing internal. */
export function errorShapeProblems(res: LightMyRequestResponse, ignore?: string): string[] {
  const problems: string[] = [];
  // Inputs echoed back (a rejection reason, a registered name) are the caller's own text: only the rest counts.
  const body = ignore
    ? res.body.replaceAll(JSON.stringify(ignore).slice(1, -1), '').replaceAll(ignore, '')
    : res.body;
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  if (STACK_LEAK.test(body)) problems.push('stack trace or raw error text in body');
  if (HASH_LEAK.test(body)) problems.push('password hash in body');
  if (res.statusCode >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    if (!type.includes('application/json')) problems.push(`content-type ${type}`);
    else {
      try {
        const json = JSON.parse(res.body) as { mensaje?: unknown };
        if (typeof json.mensaje !== 'string' || json.mensaje.length === 0) problems.push('no mensaje');
      } catch {
        problems.push('invalid JSON');
      }
    }
  }
  return problems;
}

/** Every file under a folder, relative names (the media store writes content-hash paths). */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string) {
    let entries;
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return out.sort();
}

export const uniqueSuffix = () => randomBytes(3).toString('hex');
