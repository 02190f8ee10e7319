import { citySegment } from '@encanto/core/text';

/** Every route path of the app in one place. */
export const paths = {
  home: '/',
  escorts: '/Escort',
  escortsCity: (city: string) => `/Escort/${citySegment(city)}`,
  escortsRegion: (slug: string) => `/Escort/region/${slug}`,
  cityLanding: (slug: string) => `/escorts/${slug}`,
  card: (nickname: string) => `/Card/${encodeURIComponent(nickname)}`,
  ownCard: (nickname: string) => `/TuCard/${encodeURIComponent(nickname)}`,
  clientCard: (nickname: string) => `/CardCliente/${encodeURIComponent(nickname)}`,
  info: '/Informacion',
  infoSection: (n: number) => `/Informacion#seccion-${n}`,
  support: '/Soporte',
  login: '/Login',
  clientLogin: '/Login/clienteLogin',
  escortLogin: '/Login/EscortLogin',
  adminLogin: '/login-admin',
  register: '/registro',
  registerClient: '/registro/cliente',
  registerEscort: '/registro/RegistroEscort',
  registered: '/RegistroExitoso',
  forgotClient: '/OlvidoPassCliente',
  forgotEscort: '/OlvidoPassUsuario',
  recoverClient: '/RecuperaPassCliente',
  recoverEscort: '/RecuperaPassUsuario',
  /** The escort's area (one layout, one route per section); the spec's /ProfileUsuario redirects to its Resumen. */
  escortHome: '/panel',
  escortProfile: '/panel/perfil',
  photos: '/panel/fotos',
  toRate: '/panel/calificar',
  statistics: '/panel/estadisticas',
  /** Her visits to other comunas (issue 17). */
  touring: '/panel/gira',
  escortAccount: '/panel/cuenta',
  /** The client's area; the spec's /profileCliente redirects to its Perfil. */
  clientProfile: '/mi-cuenta/perfil',
  clientAccount: '/mi-cuenta/cuenta',
  pending: '/PendienteValidacion',
  uploadDocClient: '/FotoParaValidarCliente',
  uploadDocEscort: '/FotoParaValidarUsuario',
  statusChanged: '/ModificaEstado',
  changeCity: '/CambiarCiudad',
  rentals: '/Arriendos',
  rentalsCity: (city?: string) => (city ? `/Cards/${citySegment(city)}` : '/Cards'),
  favorites: '/mi-cuenta/favoritos',
  acceptedClients: '/clientes-aceptados',
  /** The client's meetings (tabs: por responder, próximas, pasadas). */
  myMeetings: '/mi-cuenta/citas',
  /** The escort's meetings, the same tabs. */
  requests: '/panel/solicitudes',
  /** One meeting: its details, answers, conversation and reviews. */
  meeting: (id: string) => `/Cita/${encodeURIComponent(id)}`,
  /** Where a security notice's "no fui yo" link lands (no login: the token decides). */
  notMe: (token: string) => `/seguridad/no-fui-yo/${encodeURIComponent(token)}`,
  /** Where a mail's unsubscribe link lands (no login: the token decides). */
  unsubscribe: '/notificaciones/baja',
  adminPanel: '/pendientes',
  adminEscorts: '/pendientes/usuarios',
  adminClients: '/pendientes/clientes',
  adminReports: '/pendientes/denuncias',
  adminAudit: '/pendientes/auditoria',
  adminProfile: (nickname: string) => `/pendientes/perfil/${encodeURIComponent(nickname)}`,
  adminRectifications: '/pendientes/rectificaciones',
  adminPhotoChecks: '/pendientes/fotos',
  adminSignals: '/pendientes/senales',
  deleteAccount: '/EliminarCuenta',
  contactConfirm: '/ContactoSeguridad',
  /** Where a check-in mail's "no more mail" link lands (no login: the signed link decides). */
  contactRefuse: '/ContactoSeguridad/baja',
} as const;

/**
 * Addresses of the spec and of earlier releases that now live in the areas
 * above: each still answers, with a redirect (bookmarks, mails, the spec's links).
 */
export const legacyRedirects: readonly { from: string; to: string }[] = [
  { from: '/ProfileUsuario', to: paths.escortHome },
  { from: '/ImagenesUsuario', to: paths.photos },
  { from: '/Solicitudes', to: paths.requests },
  { from: '/profileCliente', to: paths.clientProfile },
  { from: '/MisCitas', to: paths.myMeetings },
  { from: '/FavoritosCliente', to: paths.favorites },
];

/**
 * Pages that are mostly a form (sign-in, registration, passwords, own profile,
 * uploads): no heart bubbles there, a click is for typing or choosing.
 */
const formPagePrefixes = [
  paths.login,
  paths.adminLogin,
  '/Admin',
  paths.register,
  paths.forgotClient,
  paths.forgotEscort,
  paths.recoverClient,
  paths.recoverEscort,
  '/cliente/resetear-pass/',
  '/usuario/resetear-pass/',
  '/panel',
  '/mi-cuenta',
  '/ProfileUsuario',
  '/profileCliente',
  paths.uploadDocClient,
  paths.uploadDocEscort,
  paths.changeCity,
  paths.rentals,
  '/ImagenesUsuario',
  paths.deleteAccount,
].map((p) => p.toLowerCase());

export function isFormPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return formPagePrefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}
