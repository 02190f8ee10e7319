import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { FIXTURE_PASSWORD, uniqueRut } from '../helpers/fixtures.ts';
import { signRefusal } from '../../src/modules/checkins/contact-keys.ts';
import { signUnsubscribe } from '../../src/modules/notifications/tokens.ts';
import { roles, uniqueSuffix, type Role, type World } from './world.ts';

/**
 * Who may call each API route. One entry per 'METHOD /path' of the OpenAPI
 * document; the matrix test fails on a route without an entry (and on an entry
 * without a route), so a new endpoint must state its access here.
 *
 * Path identities name the main accounts: for 'self-*' rows the client's or the
 * escort's own RUT or nickname, so 'otherClient' and 'otherEscort' are asking
 * for somebody else's data. Bodies are valid, so what answers is authorization,
 * never schema validation (the matrix asserts no cell gets a VALIDATION 400).
 */
export type Access =
  | 'public'
  | 'any-auth'
  | 'client'
  | 'escort'
  | 'client-or-escort'
  | 'admin'
  | 'self-client'
  | 'self-client-or-admin'
  | 'self-escort'
  | 'self-escort-or-admin'
  /** A meeting pair route both parties of the pair may call (client and escort named in it). */
  | 'pair';

/** ok: not refused for authorization; deny: 401 anonymous / 403 signed in; hidden: 404, so existence cannot be probed. */
export type Cell = 'ok' | 'deny' | 'hidden';

type Values = Record<string, string | number>;

/** A real P-256 public key (uncompressed, base64url), as a browser's subscription carries. */
const pushTestKey = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
})();
type Make<T> = T | ((w: World) => T | Promise<T>);

/** A JSON body, the multipart marker, or a maker of either. */
type Body = Record<string, unknown> | typeof UPLOAD;

export interface Entry {
  access: Access;
  params?: Make<Values>;
  query?: Make<Values>;
  body?: Make<Body>;
  /** Per-role exceptions to the access default, each with its reason in a comment. */
  cells?: Partial<Record<Role, Cell>>;
}

const allowedBy: Record<Access, readonly Role[]> = {
  public: roles,
  'any-auth': ['client', 'otherClient', 'escort', 'otherEscort', 'admin'],
  client: ['client', 'otherClient'],
  escort: ['escort', 'otherEscort'],
  'client-or-escort': ['client', 'otherClient', 'escort', 'otherEscort'],
  admin: ['admin'],
  'self-client': ['client'],
  'self-client-or-admin': ['client', 'admin'],
  'self-escort': ['escort'],
  'self-escort-or-admin': ['escort', 'admin'],
  pair: ['client', 'escort'],
};

export function expectedCell(entry: Entry, role: Role): Cell {
  return entry.cells?.[role] ?? (allowedBy[entry.access].includes(role) ? 'ok' : 'deny');
}

export async function resolveMake<T>(make: Make<T> | undefined, w: World): Promise<T | undefined> {
  return typeof make === 'function' ? await (make as (w: World) => T | Promise<T>)(w) : make;
}

// ---- values -------------------------------------------------------------------

const nick = () => `n${randomBytes(4).toString('hex')}`.slice(0, 9);
const publicIdLike = () => randomBytes(16).toString('hex');
const randomUuid = () => randomUUID();
const pair = (w: World) => ({ nickname_usuario: w.escort.nickname, nickname_cliente: w.client.nickname });
const notas = { nota1: 7, nota2: 8, nota3: 9, nota4: 6, nota5: 10 };
/** A meeting time two days ahead, as ISO 8601 with an offset. */
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
const request = (w: World) => ({ ...pair(w), fecha_hora: inTwoDays(), duracion_min: 120, lugar: 'hotel' });

const clientRegistration = () => {
  const n = nick();
  return {
    rut_cliente: uniqueRut(),
    nombre: 'Juan Pérez Soto',
    nickname: n,
    fecha_nac: '1990-04-12',
    email: `${n}@correo.cl`,
    pass: 'clave123',
    fono: '987654321',
    genero: 'Masculino',
    ciudad: 'Ñuñoa',
    acepta_terminos: true,
    acepta_datos_sensibles: true,
  };
};
const escortRegistration = () => {
  const n = nick();
  return {
    rut_usuario: uniqueRut(),
    nombre: 'María José Rojas',
    nickname: n,
    fecha_nac: '1995-08-20',
    email: `${n}@correo.cl`,
    pass: 'rosa777',
    fono: '912345678',
    genero: 'Femenino',
    ciudad: 'Viña del Mar',
    acepta_terminos: true,
    acepta_datos_sensibles: true,
  };
};

/** Multipart upload routes: the marker tells the matrix to send a small real JPEG (and the nickname field). */
export const UPLOAD = Symbol('upload');

const validationRoutes = (path: 'escort' | 'cliente', owner: 'escort' | 'client'): Record<string, Entry> => ({
  [`POST /api/upload/subir-validacion-${path}/{nick}`]: {
    access: `self-${owner}`,
    params: (w) => ({ nick: w[owner].nickname }),
    body: UPLOAD,
  },
  // Admins review documents; the owner reads hers while pending.
  [`GET /api/upload/obtener-imagen-validacion-${path}/{nick}`]: {
    access: `self-${owner}-or-admin`,
    params: (w) => ({ nick: w[owner].nickname }),
  },
  [`DELETE /api/upload/eliminar-validacion-${path}/{a}/{b}`]: {
    access: `self-${owner}`,
    params: (w) => ({ a: w[owner].nickname, b: publicIdLike() }),
  },
});

const adminDecisions = (
  prefix: 'cliente' | 'usuario',
  reject: string,
  inform: string,
  victim: 'victimClient' | 'victimEscort',
  owner: 'client' | 'escort',
): Record<string, Entry> => ({
  [`GET /api/${prefix}/pendientes`]: { access: 'admin' },
  [`PUT /api/${prefix}/autorizar/{id}`]: { access: 'admin', params: (w) => ({ id: w[victim].rut }) },
  [`GET /api/${prefix}/autorizado/{id}`]: {
    access: `self-${owner}-or-admin`,
    params: (w) => ({ id: w[owner].rut }),
  },
  [`POST /api/${prefix}/${reject}/{id}`]: {
    access: 'admin',
    params: (w) => ({ id: w[victim].rut }),
    body: { motivo: 'Documento ilegible' },
  },
  [`POST /api/${prefix}/${inform}/{id}`]: {
    access: 'admin',
    params: (w) => ({ id: w[victim].rut }),
    body: { motivo: 'Cuenta autorizada' },
  },
});

const photoRoutes = (path: 'escort' | 'cliente', owner: 'escort' | 'client'): Record<string, Entry> => ({
  [`GET /api/upload/obtener-imagen-perfil-${path}/{nick}`]: {
    access: `self-${owner}`,
    params: (w) => ({ nick: w[owner].nickname }),
  },
  [`POST /api/upload/subir-perfil-${path}/{nick}`]: {
    access: `self-${owner}`,
    params: (w) => ({ nick: w[owner].nickname }),
    body: UPLOAD,
  },
  [`PUT /api/upload/reemplazar-perfil-${path}/{nick}`]: {
    access: `self-${owner}`,
    params: (w) => ({ nick: w[owner].nickname }),
    body: UPLOAD,
  },
  [`DELETE /api/upload/eliminar-perfil-${path}/{a}/{b}`]: {
    access: `self-${owner}`,
    params: (w) => ({ a: w[owner].nickname, b: publicIdLike() }),
  },
});

const commentRoutes = (side: 'usuario' | 'cliente'): Record<string, Entry> => ({
  [`POST /api/comments/${side}/registro`]: {
    access: 'self-client',
    body: (w) => ({
      nick_cliente: w.client.nickname,
      nick_usuario: w.escort.nickname,
      comentario: 'Muy puntual y amable.',
    }),
  },
  // The escort of the commented profile (with 3+ dislikes) or an admin; its author (the client) within 24 h.
  [`DELETE /api/comments/${side}/eliminar/{id}`]: {
    access: 'self-escort-or-admin',
    params: async (w) => ({ id: await w.newComment() }),
    cells: { client: 'ok' },
  },
  // Any client may dislike (the click rule then decides); nobody else.
  [`PUT /api/comments/${side}/likes/{id}`]: {
    access: 'client',
    params: async (w) => ({ id: await w.newComment() }),
    body: {},
  },
  [`DELETE /api/comments/${side}/likes/{id}`]: {
    access: 'client',
    params: async (w) => ({ id: await w.newComment() }),
  },
  [`GET /api/comments/${side}/verificar`]: {
    access: 'self-client-or-admin',
    query: (w) => ({ nick_cliente: w.client.nickname, nick_usuario: w.escort.nickname }),
  },
});

const pairRoute = (access: Access, get = false): Entry =>
  get ? { access, query: pair } : { access, body: pair };
/**
 * A meeting-state read: the main escort is pending, so her profile is hidden and her client hears
 * the unknown nickname's 404 (she herself still reads the pair's state).
 */
const pairStateRead = (get = false): Entry => ({ ...pairRoute('pair', get), cells: { client: 'hidden' } });

const recovery = (prefix: 'cliente' | 'usuario', owner: 'client' | 'escort'): Record<string, Entry> => ({
  [`POST /api/${prefix}/recuperar-pass`]: { access: 'public', body: (w) => ({ email: w[owner].email }) },
  [`PUT /api/${prefix}/nueva-pass`]: {
    access: 'public',
    body: (w) => ({ email: w[owner].email, codigoProvisorio: '0000', nuevaPass: 'nuevaclave1' }),
  },
  [`GET /api/${prefix}/resetear-pass/{token}`]: { access: 'public', params: { token: 'x'.repeat(43) } },
});

/** Per-profile reads of a hidden profile: answered as for an unknown nickname to every other session. */
const hiddenProfileCells: Entry['cells'] = { client: 'hidden', otherClient: 'hidden', otherEscort: 'hidden' };

export const accessTable: Record<string, Entry> = {
  // ---- system and directory ----
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  'GET /api/ultimos': { access: 'public' },
  'GET /api/escorts': { access: 'public' },
  'GET /api/privacidad': { access: 'public' },
  'GET /api/usuario/ciudad/{city}': { access: 'public', params: { city: 'Santiago' } },
  'GET /api/usuario/publico/{nickname}': {
    access: 'public',
    params: (w) => ({ nickname: w.otherEscort.nickname }),
  },
  'GET /api/usuario/publico/{nickname}/similares': {
    access: 'public',
    params: (w) => ({ nickname: w.otherEscort.nickname }),
  },
  'GET /api/usuario/tu-card/{nickname}': {
    access: 'self-escort-or-admin',
    params: (w) => ({ nickname: w.escort.nickname }),
  },

  // ---- accounts ----
  'POST /api/cliente/registro': { access: 'public', body: clientRegistration },
  'POST /api/usuario/registro': { access: 'public', body: escortRegistration },
  'POST /api/cliente/login': {
    access: 'public',
    body: (w) => ({ email: w.client.email, pass: FIXTURE_PASSWORD }),
  },
  'POST /api/usuario/login': {
    access: 'public',
    body: (w) => ({ email: w.escort.email, pass: FIXTURE_PASSWORD }),
  },
  'POST /api/usuario/login-admin': {
    access: 'public',
    body: (w) => ({ email: w.admin.email, pass: FIXTURE_PASSWORD }),
  },
  'POST /api/logout': { access: 'public' },
  // The second login step answers to a `desafio`, not a session: anyone may call, an unknown one is
  // 401 CHALLENGE_EXPIRED (not an authorization refusal).
  'POST /api/login/segundo-factor': { access: 'public', body: { desafio: 'd'.repeat(43), codigo: '123456' } },
  'POST /api/login/inscribir-totp': { access: 'public', body: { desafio: 'd'.repeat(43) } },
  'GET /api/cuenta/2fa': { access: 'any-auth' },
  // Factor changes carry the fresh proof (the password) so what answers is the change, not REAUTH_REQUIRED.
  'POST /api/cuenta/reautenticar': { access: 'any-auth', body: { pass: FIXTURE_PASSWORD } },
  'POST /api/cuenta/2fa/totp': { access: 'any-auth', body: { pass: FIXTURE_PASSWORD } },
  'POST /api/cuenta/2fa/totp/confirmar': {
    access: 'any-auth',
    body: { codigo: '123456', pass: FIXTURE_PASSWORD },
  },
  // Without TOTP on: 409 TOTP_NOT_ON for every signed-in role.
  'POST /api/cuenta/2fa/codigos': { access: 'any-auth', body: { pass: FIXTURE_PASSWORD } },
  // The token is the credential (a mailed link): anyone may call, an unknown one is 404 LINK_INVALID.
  'POST /api/seguridad/no-fui-yo': { access: 'public', body: { token: 't'.repeat(43) } },
  'DELETE /api/cuenta/2fa': { access: 'any-auth', body: { pass: FIXTURE_PASSWORD, codigo: '123456' } },
  'GET /api/cuenta/sesiones': { access: 'any-auth' },
  'POST /api/cuenta/passkeys/opciones': { access: 'any-auth', body: { pass: FIXTURE_PASSWORD } },
  // A made-up browser answer: the signed challenge is unknown, so a signed-in caller gets 400/401 PASSKEY_FAILED.
  'POST /api/cuenta/passkeys': {
    access: 'any-auth',
    body: { respuesta: { id: 'x', response: { clientDataJSON: 'e30' } }, pass: FIXTURE_PASSWORD },
  },
  'GET /api/cuenta/passkeys': { access: 'any-auth' },
  'DELETE /api/cuenta/passkeys/{id}': {
    access: 'any-auth',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { pass: FIXTURE_PASSWORD },
  },
  'POST /api/login/passkey/opciones': { access: 'public' },
  'POST /api/login/passkey': {
    access: 'public',
    body: { respuesta: { id: 'x', response: { clientDataJSON: 'e30' } } },
  },
  'POST /api/login/segundo-factor/passkey-opciones': { access: 'public', body: { desafio: 'd'.repeat(43) } },
  'POST /api/login/segundo-factor/passkey': {
    access: 'public',
    body: { desafio: 'd'.repeat(43), respuesta: { id: 'x' } },
  },
  // Each role names a session id that is not its own: 404, never another account's session ended.
  'DELETE /api/cuenta/sesiones/{id}': {
    access: 'any-auth',
    params: { id: '00000000-0000-4000-8000-000000000000' },
  },
  'DELETE /api/cuenta/sesiones': { access: 'any-auth' },
  // Trades a bearer token kept by an older web app for the session cookie (decision 0108).
  'POST /api/sesion/cookie': { access: 'any-auth' },
  'POST /api/login/confirmar-totp': { access: 'public', body: { desafio: 'd'.repeat(43), codigo: '123456' } },
  'GET /api/cliente/profile/{id}': { access: 'self-client-or-admin', params: (w) => ({ id: w.client.rut }) },
  'GET /api/usuario/profile/{id}': { access: 'self-escort-or-admin', params: (w) => ({ id: w.escort.rut }) },
  'GET /api/cliente/nickname/{nick}': { access: 'any-auth', params: (w) => ({ nick: w.client.nickname }) },
  'GET /api/cliente/validar/rut/{v}': { access: 'public', params: (w) => ({ v: w.client.rut }) },
  'GET /api/cliente/validar/nickname/{v}': { access: 'public', params: (w) => ({ v: w.client.nickname }) },
  'GET /api/usuario/validar/rut/{v}': { access: 'public', params: (w) => ({ v: w.escort.rut }) },
  'GET /api/usuario/validar/nickname/{v}': { access: 'public', params: (w) => ({ v: w.escort.nickname }) },
  'GET /api/cliente/validar/email/{v}': { access: 'public', params: (w) => ({ v: w.client.email }) },
  'GET /api/usuario/validar/email': { access: 'public', query: (w) => ({ email: w.escort.email }) },
  'GET /api/cliente/validar': { access: 'public', query: (w) => ({ nickname: w.client.nickname }) },
  'GET /api/usuario/validar': { access: 'public', query: (w) => ({ nickname: w.escort.nickname }) },
  'GET /api/cliente/buscar/rut_cliente': { access: 'public', query: (w) => ({ BuscaRut: w.client.rut }) },
  'GET /api/cliente/buscar/email': { access: 'public', query: (w) => ({ BuscaEmail: w.client.email }) },
  'GET /api/cliente/buscar/nickname': {
    access: 'public',
    query: (w) => ({ BuscaNickname: w.client.nickname }),
  },
  // A wrong current password: the owner is answered 404, nothing changes.
  'PUT /api/cliente/modificar-pass': {
    access: 'self-client',
    body: (w) => ({ rut_cliente: w.client.rut, passActual: 'otraclave9', pass: 'nuevaclave1' }),
  },
  'PUT /api/usuario/modificar-pass-por-pass': {
    access: 'self-escort',
    body: (w) => ({ nickname: w.escort.nickname, passActual: 'otraclave9', newPass: 'nuevaclave1' }),
  },
  ...recovery('cliente', 'client'),
  ...recovery('usuario', 'escort'),

  // ---- validation ----
  ...validationRoutes('escort', 'escort'),
  ...validationRoutes('cliente', 'client'),
  'GET /api/upload/documento/{publicId}': {
    access: 'self-client-or-admin',
    params: (w) => ({ publicId: w.clientDocument }),
  },
  ...adminDecisions(
    'cliente',
    'informa-rechazar-cliente',
    'informa-autorizado-cliente',
    'victimClient',
    'client',
  ),
  ...adminDecisions(
    'usuario',
    'informar-rechazo-escort',
    'informa-autorizado-escort',
    'victimEscort',
    'escort',
  ),
  'GET /api/cliente/alerta-pendiente/{id}': { access: 'self-client', params: (w) => ({ id: w.client.rut }) },
  'GET /api/cliente/alerta-aprobado/{id}': { access: 'self-client', params: (w) => ({ id: w.client.rut }) },
  'GET /api/escort-alerta-pendiente/{nickname}': {
    access: 'self-escort',
    params: (w) => ({ nickname: w.escort.nickname }),
  },
  'GET /api/escort-alerta-aprobado/{nickname}': {
    access: 'self-escort',
    params: (w) => ({ nickname: w.escort.nickname }),
  },
  'POST /api/cliente/quitar-mensaje-cliente/{id}': {
    access: 'self-client',
    params: (w) => ({ id: w.client.rut }),
  },
  'POST /api/quitar-mensaje-escort/{nickname}': {
    access: 'self-escort',
    params: (w) => ({ nickname: w.escort.nickname }),
  },
  'GET /api/admin/auditoria': { access: 'admin' },

  // ---- profiles and photos ----
  'PUT /api/usuario/modificar': {
    access: 'self-escort',
    body: (w) => ({
      rut_usuario: w.escort.rut,
      apellido: 'Valentina',
      fono: '912345678',
      url: w.escort.url,
      medidas: '90/60/90',
      legenda: 'Hola',
    }),
  },
  'PUT /api/usuario/modificar-url': {
    access: 'self-escort',
    // A loopback link: the owner's call is refused for the address (400), never sent anywhere.
    body: (w) => ({ url: 'http://127.0.0.1/foto.jpg', nickname: w.escort.nickname }),
  },
  'PUT /api/usuario/estado/{id}': {
    access: 'self-escort',
    params: (w) => ({ id: w.escort.rut }),
    body: { estado: 'disponible' },
  },
  'PUT /api/usuario/ciudad/{id}': {
    access: 'self-escort',
    params: (w) => ({ id: w.escort.rut }),
    body: { ciudad: 'Santiago' },
  },
  'GET /api/usuario/archivos/{nickname}': {
    access: 'self-escort',
    params: (w) => ({ nickname: w.escort.nickname }),
  },
  'PUT /api/cliente/modificar': {
    access: 'self-client',
    body: (w) => ({ rut_cliente: w.client.rut, fono: '987654321', url: 'http://127.0.0.1/cliente.jpg' }),
  },
  ...photoRoutes('escort', 'escort'),
  ...photoRoutes('cliente', 'client'),
  'DELETE /api/upload/eliminar-imagen-registro/{x}': {
    access: 'self-client',
    params: (w) => ({ x: w.client.nickname }),
  },

  // ---- favourites ----
  'POST /api/favorites/agregar': {
    access: 'self-client',
    body: (w) => ({ nick_usuario: w.otherEscort.nickname, rut_cliente: w.client.rut }),
  },
  'GET /api/favorites/validar': {
    access: 'self-client',
    query: (w) => ({ nick_usuario: w.otherEscort.nickname, nick_cliente: w.client.rut }),
  },
  'DELETE /api/favorites/borra': {
    access: 'self-client',
    body: (w) => ({ nick_usuario: w.otherEscort.nickname, rut_cliente: w.client.rut }),
  },
  'GET /api/favorites/mios': { access: 'client' },

  // ---- saved searches (decision 0175): a client's own; another's id is a 404 ----
  'GET /api/busquedas': { access: 'client' },
  'POST /api/busquedas': {
    access: 'client',
    body: { nombre: 'Providencia', filtros: { comuna: 'providencia' } },
  },
  'DELETE /api/busquedas/{id}': { access: 'client', params: { id: randomUuid() } },

  // ---- meetings: the pair is (escort, client); the caller's own side must be theirs ----
  'POST /api/appointments/solicitar': { access: 'self-client', body: request },
  'POST /api/appointments/reutilizar-estado': { access: 'self-client', body: request },
  'POST /api/appointments/proponer': {
    access: 'self-escort',
    body: (w) => ({ ...pair(w), fecha_hora: inTwoDays() }),
  },
  'POST /api/appointments/aceptar-propuesta': pairRoute('self-client'),
  'POST /api/appointments/cerrar-cliente': pairRoute('self-client'),
  'POST /api/appointments/cerrar': pairRoute('pair'),
  'POST /api/appointments/aceptar': pairRoute('self-escort'),
  'POST /api/appointments/rechazar': pairRoute('self-escort'),
  'POST /api/appointments/existe': pairStateRead(),
  'GET /api/appointments/verificar-acceso': pairStateRead(true),
  'GET /api/appointments/estado-comentado': pairStateRead(true),
  'GET /api/appointments/click-activo': pairStateRead(true),
  'GET /api/appointments/estado': pairStateRead(true),
  'PUT /api/appointments/marcar-evaluado': pairRoute('pair'),
  'PUT /api/appointments/desactivar-click': pairRoute('self-client'),
  'GET /api/appointments/pendientes/{nick}': {
    access: 'self-escort',
    params: (w) => ({ nick: w.escort.nickname }),
  },
  'POST /api/conversacion/aceptar': pairRoute('self-escort'),
  'PUT /api/conversacion/aceptar': pairRoute('self-escort'),
  'POST /api/conversacion/rechazar': pairRoute('self-escort'),
  'PUT /api/conversacion/rechazar': pairRoute('self-escort'),
  'POST /api/conversacion/existe': pairStateRead(),
  'POST /api/conversacion-cliente/crear': pairRoute('self-escort'),
  'PUT /api/conversacion-cliente/aceptar': pairRoute('self-escort'),
  'PUT /api/conversacion-cliente/cerrar': pairRoute('pair'),
  'PUT /api/conversacion-cliente/evaluar': pairRoute('self-escort'),
  'GET /api/conversacion-cliente/estado-comentado': pairStateRead(true),
  'GET /api/conversacion-cliente/click': pairStateRead(true),
  'POST /api/conversacion-cliente/cerrar-usuario': pairRoute('self-escort'),
  'POST /api/conversacion-cliente/existe-cliente': pairStateRead(),
  'POST /api/conversacion-cliente/reutilizar-estado-cliente': pairRoute('self-escort'),
  'POST /api/conversacion-cliente/crear-o-actualizar': pairRoute('self-escort'),
  'GET /api/conversacion-cliente/solicitudes/{nickname}': {
    access: 'self-escort',
    params: (w) => ({ nickname: w.escort.nickname }),
  },
  'GET /api/conversacion-cliente/aceptados/{nickname}': {
    access: 'self-escort',
    params: (w) => ({ nickname: w.escort.nickname }),
  },
  // The client card: escorts who met the client and admins; another escort hears "not found" so nicknames cannot be probed.
  'GET /api/conversacion-cliente/perfil/{nickname}': {
    access: 'self-escort-or-admin',
    params: (w) => ({ nickname: w.client.nickname }),
    cells: { otherEscort: 'hidden' },
  },

  // ---- the caller's meetings and their conversations ----
  'GET /api/citas/mias': { access: 'client-or-escort' },
  'GET /api/citas/resumen': { access: 'client-or-escort' },
  // The live event stream (decision 0158). The matrix asks without `Accept: text/event-stream`, so an
  // allowed caller hears 406 (the stream would never end under inject) once authorization has passed;
  // the stream itself: test/api/live-events.test.ts.
  'GET /api/eventos': { access: 'client-or-escort' },
  // Only the meeting's two members; anyone else (admins too) is told it does not exist.
  'GET /api/citas/{id}/mensajes': {
    access: 'pair',
    params: (w) => ({ id: w.meetingId }),
    cells: { otherClient: 'hidden', otherEscort: 'hidden', admin: 'hidden' },
  },
  'POST /api/citas/{id}/mensajes': {
    access: 'pair',
    params: (w) => ({ id: w.meetingId }),
    body: { texto: 'Hola, ¿te acomoda a las 21:00?' },
    cells: { otherClient: 'hidden', otherEscort: 'hidden', admin: 'hidden' },
  },
  'GET /api/cuenta/notificaciones': { access: 'any-auth' },
  'PUT /api/cuenta/notificaciones': { access: 'any-auth', body: { mensajes: true } },
  // Web Push (decision 0168). The public key is public; a subscription is the caller's own device.
  'GET /api/push/clave-publica': { access: 'public' },
  'GET /api/push/suscripciones': { access: 'any-auth' },
  'POST /api/push/suscripciones': {
    access: 'any-auth',
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      keys: { p256dh: pushTestKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    }),
  },
  // Nobody's endpoint: a signed-in caller gets 404, so the cell is not refused for authorization.
  'DELETE /api/push/suscripciones': {
    access: 'any-auth',
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/ninguno' },
  },
  'DELETE /api/push/suscripciones/{id}': {
    access: 'any-auth',
    params: { id: '00000000-0000-4000-8000-000000000000' },
  },
  'GET /api/cuenta/notificaciones/push': { access: 'any-auth' },
  'PUT /api/cuenta/notificaciones/push': { access: 'any-auth', body: { detalles: true } },
  // The comuna of favourite-visit notices: a client's own setting (decision 0170).
  'GET /api/cuenta/notificaciones/ciudad-visitas': { access: 'client' },
  'PUT /api/cuenta/notificaciones/ciudad-visitas': { access: 'client', body: { ciudad: 'Valparaíso' } },
  // The signed token is the authorisation: no session needed (RFC 8058 one-click).
  'POST /api/cuenta/notificaciones/baja': {
    access: 'public',
    query: async (w) => ({ t: await signUnsubscribe(w.app.config, w.victimClient.id, 'mensajes') }),
  },

  // ---- comments and ratings ----
  ...commentRoutes('usuario'),
  ...commentRoutes('cliente'),
  // The main escort is pending, so her profile is hidden: herself and admins read it, anyone else hears
  // "not found", as for an unknown nickname (a public profile is readable by any session).
  'GET /api/comments/nick_usuario/{nick}': {
    access: 'self-escort-or-admin',
    params: (w) => ({ nick: w.escort.nickname }),
    cells: hiddenProfileCells,
  },
  'GET /api/comments/nick_cliente/{nick}': {
    access: 'self-client-or-admin',
    params: (w) => ({ nick: w.client.nickname }),
  },
  'GET /api/ratings/promedioUsuario/{nick}': {
    access: 'self-escort-or-admin',
    params: (w) => ({ nick: w.escort.nickname }),
    cells: hiddenProfileCells,
  },
  'POST /api/ratings/insertarUsuario': {
    access: 'self-client',
    body: (w) => ({ ...notas, calificador: w.client.nickname, nickname_usuario: w.escort.nickname }),
  },
  // The client, admins, and escorts who had a meeting with the client (the main escort did).
  'GET /api/notes/promedioCliente/{nickname}': {
    access: 'self-client-or-admin',
    params: (w) => ({ nickname: w.client.nickname }),
    cells: { escort: 'ok' },
  },
  'POST /api/notes/insertarCliente': {
    access: 'self-escort',
    body: (w) => ({ ...notas, calificador: w.escort.nickname, nickname_cliente: w.client.nickname }),
  },

  // ---- gallery and rentals ----
  'POST /api/upload/subir-imagenes/{nick}': {
    access: 'self-escort',
    params: (w) => ({ nick: w.escort.nickname }),
    body: UPLOAD,
  },
  'GET /api/upload/obtener-imagenes-por-usuario/{nick}': {
    access: 'self-escort',
    params: (w) => ({ nick: w.escort.nickname }),
  },
  'POST /api/usuario/vista/{nick}': {
    access: 'public',
    params: (w) => ({ nick: w.otherEscort.nickname }),
  },
  'GET /api/usuario/estadisticas': {
    access: 'escort',
  },
  'GET /api/usuario/gira': {
    access: 'escort',
  },
  'PUT /api/usuario/gira': {
    access: 'escort',
    // An empty list is always valid: what answers is who is calling.
    body: [] as never,
  },
  'PUT /api/upload/orden/{nick}': {
    access: 'self-escort',
    params: (w) => ({ nick: w.escort.nickname }),
    body: { orden: [] },
  },
  'GET /api/upload/escort-imagenes/{nick}': {
    access: 'public',
    params: (w) => ({ nick: w.otherEscort.nickname }),
  },
  'DELETE /api/upload/eliminar-perfil-usuario/{a}/{b}': {
    access: 'self-escort',
    params: (w) => ({ a: w.escort.nickname, b: publicIdLike() }),
  },
  'DELETE /api/upload/eliminar-video/{a}/{b}': {
    access: 'self-escort',
    params: (w) => ({ a: w.escort.nickname, b: publicIdLike() }),
  },
  'POST /api/arriendo/agregar': {
    access: 'admin',
    body: () => ({
      ciudad: 'Santiago',
      direccion: 'Av. Apoquindo 4500',
      url: `https://example.com/arriendo-${uniqueSuffix()}`,
    }),
  },
  'GET /api/arriendo/validar': { access: 'public', query: { url: 'https://example.com/arriendo-1' } },
  'DELETE /api/arriendo/id/{id}': { access: 'admin', params: (w) => ({ id: w.rentalId }) },
  'GET /api/arriendo/ciudad/{city}': { access: 'public', params: { city: 'Santiago' } },

  // ---- reports, blocks, data rights ----
  'POST /api/denuncias': {
    access: 'public',
    body: (w) => ({ nickname_usuario: w.victimEscort.nickname, motivo: 'spam' }),
  },
  'GET /api/denuncias': { access: 'admin' },
  // The admin's view of a profile holds its RUT, birth date and e-mail: admins only, the escort included.
  'GET /api/admin/perfil/{nickname}': { access: 'admin', params: (w) => ({ nickname: w.escort.nickname }) },
  'PUT /api/denuncias/{id}/descartar': { access: 'admin', params: (w) => ({ id: w.reportId }) },
  'PUT /api/denuncias/{id}/suspender': {
    access: 'admin',
    params: (w) => ({ id: w.reportId }),
    body: { motivo: 'Fotos de otra persona' },
  },
  'POST /api/admin/auditoria/{id}/deshacer': { access: 'admin', params: { id: '999999' } },
  'PUT /api/denuncias/{id}/reincorporar': { access: 'admin', params: (w) => ({ id: w.reportId }) },
  'GET /api/bloqueos': { access: 'escort' },
  'POST /api/bloqueos': { access: 'escort', body: (w) => ({ nickname_cliente: w.victimClient.nickname }) },
  'DELETE /api/bloqueos': { access: 'escort', body: (w) => ({ nickname_cliente: w.victimClient.nickname }) },
  'GET /api/cuenta/mis-datos': { access: 'any-auth' },
  'GET /api/cuenta/exportar': { access: 'any-auth' },
  'GET /api/cuenta/exportar/pagina': { access: 'any-auth' },
  // A wrong password: the account stays. Admin accounts cannot be deleted this way.
  'DELETE /api/cuenta': { access: 'client-or-escort', body: { pass: 'otraclave9' } },
  'PUT /api/cuenta/pausa': { access: 'escort', body: { pausado: false } },
  'GET /api/cuenta/rectificacion': { access: 'any-auth' },
  'POST /api/cuenta/rectificacion': {
    access: 'client-or-escort',
    body: { campo: 'nombre', valor: 'Nombre Corregido' },
  },
  'GET /api/admin/rectificaciones': { access: 'admin' },

  // ---- trust and safety (decisions 0082, 0084 and 0085) ----
  // Approved escorts only (a client is 403 by kind); the selfie itself is read by its owner or an admin.
  'POST /api/usuario/verificacion-fotos/codigo': { access: 'escort' },
  'GET /api/usuario/verificacion-fotos': { access: 'escort' },
  // Without a live code the escort's upload is a 400 with its own code, never an authorization refusal.
  'POST /api/usuario/verificacion-fotos': { access: 'escort', body: UPLOAD },
  // An unknown selfie is 404 before ownership is asked, so nobody can probe which ids exist
  // (photo-verification.test.ts checks the owner/admin/other cases on a real selfie).
  'GET /api/usuario/verificacion-fotos/selfie/{publicId}': {
    access: 'self-escort-or-admin',
    params: () => ({ publicId: publicIdLike() }),
    cells: { client: 'hidden', otherClient: 'hidden', otherEscort: 'hidden' },
  },
  'GET /api/admin/verificaciones-fotos': { access: 'admin' },
  'POST /api/admin/verificaciones-fotos/{id}/aprobar': { access: 'admin', params: { id: randomUuid() } },
  'POST /api/admin/verificaciones-fotos/{id}/rechazar': {
    access: 'admin',
    params: { id: randomUuid() },
    body: { motivo: 'No coincide con las fotos' },
  },
  'GET /api/admin/senales': { access: 'admin' },
  'POST /api/usuario/seguridad/checkin': {
    access: 'escort',
    body: () => ({
      vence: new Date(Date.now() + 3_600_000).toISOString(),
      contacto_email: 'amiga@correo.cl',
    }),
  },
  'GET /api/usuario/seguridad/checkin': { access: 'escort' },
  // Another escort's (or an unknown) check-in is 404 for an escort: its existence is not told.
  'POST /api/usuario/seguridad/checkin/{id}/estoy-bien': { access: 'escort', params: { id: randomUuid() } },
  // The mailed link decides, not a session: a wrong token is 404 for everyone.
  'POST /api/seguridad/contacto/confirmar': { access: 'public', body: { token: 'token-que-no-existe-123' } },
  // The signed link of a check-in mail is the authorisation: no session needed (RFC 8058 one-click).
  'POST /api/seguridad/contacto/baja': {
    access: 'public',
    query: async (w) => ({ t: await signRefusal(w.app.config, 'no-escribir@correo.cl') }),
  },
  // A key that names no current group: 404 for the admin, refused for everyone else.
  'GET /api/admin/fotos-retenidas': { access: 'admin' },
  'POST /api/admin/fotos-retenidas/{id}/liberar': {
    access: 'admin',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { nota: 'Es su foto, revisado' },
  },
  'POST /api/admin/fotos-retenidas/{id}/retirar': {
    access: 'admin',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { nota: 'Foto de otra persona' },
  },
  'POST /api/fotos-parecidas/{token}/denunciar': {
    access: 'public',
    params: { token: 't'.repeat(43) },
  },
  'POST /api/admin/senales/{clave}/descartar': {
    access: 'admin',
    params: { clave: 'misma_foto-0123456789abcdef0123' },
    body: { nota: 'Revisado, sin relación' },
  },
  // Safety alerts (decision 0171). Another escort's meeting is a 404 with its own code, not a refusal.
  'POST /api/alertas': {
    access: 'escort',
    body: (w) => ({
      cita_id: w.meetingId,
      categoria: 'no_pago',
      descripcion: 'No pagó lo acordado y se fue sin despedirse.',
    }),
  },
  'GET /api/cuenta/seguridad': { access: 'escort' },
  'PUT /api/cuenta/seguridad': { access: 'escort', body: { rechazar_con_alertas: false } },
  // Her watermark (decision 0178): an escort's own switch.
  'GET /api/cuenta/marca-agua': { access: 'escort' },
  'PUT /api/cuenta/marca-agua': { access: 'escort', body: { activa: false } },
  'GET /api/cuenta/alertas': { access: 'client' },
  // An unknown alert (or another client's) is 404 to him: its existence is not told.
  'POST /api/cuenta/alertas/{id}/descargo': {
    access: 'client',
    params: { id: randomUuid() },
    body: { texto: 'Eso no ocurrió así, pagué lo acordado.' },
    cells: { client: 'hidden', otherClient: 'hidden' },
  },
  'GET /api/admin/alertas': { access: 'admin' },
  ...Object.fromEntries(
    ['confirmar', 'descartar', 'retirar'].map((d) => [
      `POST /api/admin/alertas/{id}/${d}`,
      { access: 'admin', params: { id: randomUuid() }, body: { nota: 'Revisado con la escort' } } as Entry,
    ]),
  ),
  // Attendance (decision 0173): the world's meeting is ahead, so the pair hears a 409 (too soon), not a refusal.
  'POST /api/citas/{id}/asistencia': {
    access: 'pair',
    params: (w) => ({ id: w.meetingId }),
    body: { resultado: 'concretada' },
    cells: { otherClient: 'hidden', otherEscort: 'hidden', admin: 'hidden' },
  },
  'POST /api/citas/{id}/asistencia/disputa': {
    access: 'pair',
    params: (w) => ({ id: w.meetingId }),
    body: { texto: 'Sí fui, estuve esperando en el lobby.' },
    cells: { otherClient: 'hidden', otherEscort: 'hidden', admin: 'hidden' },
  },
  'GET /api/admin/asistencia/disputas': { access: 'admin' },
  'POST /api/admin/asistencia/disputas/{id}/resolver': {
    access: 'admin',
    params: { id: randomUuid() },
    body: { resolucion: 'anulada', nota: 'Revisado con ambas partes' },
  },
  'PUT /api/admin/rectificaciones/{id}': {
    access: 'admin',
    params: (w) => ({ id: w.rectificationId }),
    body: { estado: 'rechazada' },
  },
};
