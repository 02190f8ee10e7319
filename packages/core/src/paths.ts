import { citySegment } from './text.ts';

/**
 * Every page of the site in one table: its React Router pattern, how to build a link to it, and who it
 * is for. The web app's routes (apps/web/src/config/paths.ts, app.tsx and each feature's routes.tsx),
 * robots.txt and the sitemap (apps/api/src/modules/directory/seo-routes.ts), the links in every mail
 * (apps/api/src/mail-templates) and the server's redirects read it, so a page moves in one place.
 *
 * - `pattern`: absolute React Router pattern (`:name` is one segment), matched case-insensitively.
 * - `href`: the link: a string for a page without parameters, else a function of them.
 * - `access`: 'public' pages are for anyone and for crawlers; 'private' ones are signed-in areas,
 *   sign-in and recovery steps and pages a mailed token opens, each kept out of crawlers by robots.txt.
 * - `indexable`: listed in the sitemap (public pages whose content belongs in search results).
 */
export type PageAccess = 'public' | 'private';

export interface PageRoute {
  readonly pattern: string;
  readonly access: PageAccess;
  readonly indexable: boolean;
  readonly href: string | ((...args: never[]) => string);
}

const indexed = { access: 'public', indexable: true } as const;
const open = { access: 'public', indexable: false } as const;
const closed = { access: 'private', indexable: false } as const;
type Kind = typeof indexed | typeof open | typeof closed;

/** A page without parameters: its link is its pattern. */
const at = <P extends string, K extends Kind>(pattern: P, kind: K) => ({ pattern, href: pattern, ...kind });
/** A page with parameters and its link builder. */
const withParams = <A extends unknown[], K extends Kind>(
  pattern: string,
  kind: K,
  href: (...args: A) => string,
) => ({ pattern, href, ...kind });

const enc = encodeURIComponent;

export const pages = {
  home: at('/', indexed),
  escorts: at('/Escort', indexed),
  escortsCity: withParams('/Escort/:city', indexed, (city: string) => `/Escort/${citySegment(city)}`),
  escortsRegion: withParams('/Escort/region/:region', indexed, (slug: string) => `/Escort/region/${slug}`),
  /** The spec's La Serena page: La Serena's listing at a fixed address. */
  laSerena: at('/Escort/La-Serena', indexed),
  cityLanding: withParams('/escorts/:slug', indexed, (slug: string) => `/escorts/${slug}`),
  card: withParams('/Card/:nickname', indexed, (nickname: string) => `/Card/${enc(nickname)}`),
  info: at('/Informacion', indexed),
  support: at('/Soporte', indexed),

  ownCard: withParams('/TuCard/:nickname', closed, (nickname: string) => `/TuCard/${enc(nickname)}`),
  clientCard: withParams(
    '/CardCliente/:nickname',
    closed,
    (nickname: string) => `/CardCliente/${enc(nickname)}`,
  ),

  login: at('/Login', open),
  clientLogin: at('/Login/clienteLogin', open),
  escortLogin: at('/Login/EscortLogin', open),
  adminLogin: at('/login-admin', closed),
  /** The spec's other address of the admin sign-in. */
  adminLoginAlias: at('/Admin', closed),
  register: at('/registro', open),
  registerClient: at('/registro/cliente', open),
  registerEscort: at('/registro/RegistroEscort', open),
  registered: at('/RegistroExitoso', closed),
  forgotClient: at('/OlvidoPassCliente', closed),
  forgotEscort: at('/OlvidoPassUsuario', closed),
  recoverClient: at('/RecuperaPassCliente', closed),
  recoverEscort: at('/RecuperaPassUsuario', closed),
  /** Where the recovery mail's link lands: the recovery step with the e-mail filled in. */
  resetClient: withParams(
    '/cliente/resetear-pass/:token',
    closed,
    (token: string) => `/cliente/resetear-pass/${enc(token)}`,
  ),
  resetEscort: withParams(
    '/usuario/resetear-pass/:token',
    closed,
    (token: string) => `/usuario/resetear-pass/${enc(token)}`,
  ),
  /** Where a security notice's "no fui yo" link lands (no login: the token decides). */
  notMe: withParams(
    '/seguridad/no-fui-yo/:token',
    closed,
    (token: string) => `/seguridad/no-fui-yo/${enc(token)}`,
  ),
  /** Where the "foto muy parecida" mail's report link lands (no login: the token decides; decision 0177). */
  photoLookAlike: withParams(
    '/foto-parecida/:token',
    closed,
    (token: string) => `/foto-parecida/${enc(token)}`,
  ),

  /** The escort's area (one layout, one route per section); its index is the Resumen. */
  escortHome: at('/panel', closed),
  requests: at('/panel/solicitudes', closed),
  escortProfile: at('/panel/perfil', closed),
  photos: at('/panel/fotos', closed),
  toRate: at('/panel/calificar', closed),
  statistics: at('/panel/estadisticas', closed),
  /** Her visits to other comunas. */
  touring: at('/panel/gira', closed),
  escortAccount: at('/panel/cuenta', closed),

  /** The client's area; its index opens Favoritos. */
  clientArea: at('/mi-cuenta', closed),
  favorites: at('/mi-cuenta/favoritos', closed),
  /** The client's meetings (tabs: por responder, próximas, pasadas). */
  myMeetings: at('/mi-cuenta/citas', closed),
  /** His saved searches (decision 0175): each with its link, and delete. */
  savedSearches: at('/mi-cuenta/busquedas', closed),
  clientProfile: at('/mi-cuenta/perfil', closed),
  clientAccount: at('/mi-cuenta/cuenta', closed),

  pending: at('/PendienteValidacion', closed),
  uploadDocClient: at('/FotoParaValidarCliente', closed),
  uploadDocEscort: at('/FotoParaValidarUsuario', closed),
  statusChanged: at('/ModificaEstado', closed),
  changeCity: at('/CambiarCiudad', closed),
  rentals: at('/Arriendos', closed),
  /** The rental area by city, shown as 'En mantención' (noindex,follow). */
  rentalsCities: at('/Cards', open),
  rentalsCity: withParams('/Cards/:city', open, (city: string) => `/Cards/${citySegment(city)}`),
  acceptedClients: at('/clientes-aceptados', closed),
  /** One meeting: its details, answers, conversation and reviews. */
  meeting: withParams('/Cita/:id', closed, (id: string) => `/Cita/${enc(id)}`),
  /** Where a notification mail's unsubscribe link lands (no login: the token decides). */
  unsubscribe: at('/notificaciones/baja', closed),
  deleteAccount: at('/EliminarCuenta', closed),
  /** Where a check-in invitation's "accept" link lands. */
  contactConfirm: at('/ContactoSeguridad', closed),
  /** Where a check-in mail's "no more mail" link lands (no login: the signed link decides). */
  contactRefuse: at('/ContactoSeguridad/baja', closed),

  /** The admin console; its index opens the escorts' queue. */
  adminPanel: at('/pendientes', closed),
  adminEscorts: at('/pendientes/usuarios', closed),
  adminClients: at('/pendientes/clientes', closed),
  adminAudit: at('/pendientes/auditoria', closed),
  adminProfile: withParams(
    '/pendientes/perfil/:nickname',
    closed,
    (nickname: string) => `/pendientes/perfil/${enc(nickname)}`,
  ),
  adminReports: at('/pendientes/denuncias', closed),
  adminRectifications: at('/pendientes/rectificaciones', closed),
  adminPhotoChecks: at('/pendientes/fotos', closed),
  adminSignals: at('/pendientes/senales', closed),
  /** Safety alerts between providers (decision 0171). */
  adminAlerts: at('/pendientes/alertas', closed),
  /** Contested absences of the attendance record (decision 0173). */
  adminAttendance: at('/pendientes/asistencia', closed),
} as const satisfies Record<string, PageRoute>;

export type PageKey = keyof typeof pages;
export type Pages = typeof pages;

/** Every page, in table order. */
export const pageRoutes: readonly (PageRoute & { key: PageKey })[] = Object.entries(pages).map(
  ([key, page]) => ({ ...page, key: key as PageKey }),
);

/**
 * Addresses of the spec and of earlier releases that now live elsewhere: each still answers, with a 301
 * (bookmarks, old mails, the spec's links). Matched case-insensitively like every route; the spec
 * writes /ProfileUsuario both ways, and robots.txt compares case, so both spellings are listed.
 */
export const legacyRedirects: readonly { from: string; to: string }[] = [
  { from: '/ProfileUsuario', to: pages.escortHome.href },
  { from: '/profileUsuario', to: pages.escortHome.href },
  { from: '/ImagenesUsuario', to: pages.photos.href },
  { from: '/Solicitudes', to: pages.requests.href },
  { from: '/profileCliente', to: pages.clientProfile.href },
  { from: '/MisCitas', to: pages.myMeetings.href },
  { from: '/FavoritosCliente', to: pages.favorites.href },
];

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** Where a moved address now lives (case-insensitive, trailing slashes ignored), or null. */
export function legacyRedirectFor(pathname: string): string | null {
  const path = trimmed(pathname);
  return legacyRedirects.find((r) => r.from.toLowerCase() === path)?.to ?? null;
}

/**
 * The part of a pattern before its first parameter: '/Cita/:id' → '/Cita/', '/panel' → '/panel'.
 * robots.txt disallows by prefix, so this covers every address of the page.
 */
export function staticPrefix(pattern: string): string {
  const param = pattern.indexOf(':');
  return param < 0 ? pattern : pattern.slice(0, param);
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The page a pathname opens, as React Router ranks them: every segment must match (a parameter takes
 * one non-empty segment), case-insensitively, and a page with more fixed segments wins
 * ('/Escort/La-Serena' over '/Escort/:city'). Legacy redirects are not pages; null when nothing matches.
 */
export function matchPage(pathname: string): (PageRoute & { key: PageKey }) | null {
  const parts = segments(pathname.split(/[?#]/)[0]!);
  let best: (PageRoute & { key: PageKey }) | null = null;
  let bestFixed = -1;
  for (const page of pageRoutes) {
    const want = segments(page.pattern);
    if (want.length !== parts.length) continue;
    let fixed = 0;
    const ok = want.every((w, i) => {
      if (w.startsWith(':')) return parts[i]!.length > 0;
      fixed += 1;
      return w.toLowerCase() === decodeSafe(parts[i]!).toLowerCase();
    });
    if (ok && fixed > bestFixed) {
      best = page;
      bestFixed = fixed;
    }
  }
  return best;
}

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
