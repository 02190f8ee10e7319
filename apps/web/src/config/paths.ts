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
  clientProfile: '/profileCliente',
  escortProfile: '/ProfileUsuario',
  pending: '/PendienteValidacion',
  uploadDocClient: '/FotoParaValidarCliente',
  uploadDocEscort: '/FotoParaValidarUsuario',
  statusChanged: '/ModificaEstado',
  changeCity: '/CambiarCiudad',
  rentals: '/Arriendos',
  rentalsCity: (city?: string) => (city ? `/Cards/${citySegment(city)}` : '/Cards'),
  gallery: '/ImagenesUsuario',
  favorites: '/FavoritosCliente',
  acceptedClients: '/clientes-aceptados',
  /** The client's meetings (tabs: por responder, próximas, pasadas). */
  myMeetings: '/MisCitas',
  /** The escort's meetings, the same tabs. */
  requests: '/Solicitudes',
  /** One meeting: its details, answers, conversation and reviews. */
  meeting: (id: string) => `/Cita/${encodeURIComponent(id)}`,
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
} as const;

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
  paths.clientProfile,
  paths.escortProfile,
  paths.uploadDocClient,
  paths.uploadDocEscort,
  paths.changeCity,
  paths.rentals,
  paths.gallery,
  paths.deleteAccount,
].map((p) => p.toLowerCase());

export function isFormPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return formPagePrefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}
