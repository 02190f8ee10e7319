/** Limits, timings and values from section 9 of both spec files, in one place. */
export const limits = {
  nicknameMin: 4,
  nicknameMax: 10,
  fullNameMin: 10,
  rutMin: 8,
  phoneDigits: 9,
  // One minimum at sign-up and on every change: the spec's later 7, not its sign-up 6 (decision 0148).
  escortRegistrationPasswordMin: 7,
  passwordMin: 7,
  provisionalCodeDigits: 4,
  minimumAge: 18,
  legendaMax: 1000,
  medidasMax: 8,
  ratingMin: 1,
  ratingMax: 10,
  ratingCriteria: 5,
  /** Her optional comment on a client's rating (decision 0157). */
  clientRatingCommentMax: 500,
  commentDislikesToDelete: 3,
  galleryMaxItems: 15,
  galleryMaxBytes: 2 * 1024 * 1024,
  /** MP4 videos in the gallery: a few seconds of phone video (images keep the spec's 2 MB). */
  galleryVideoMaxBytes: 25 * 1024 * 1024,
  documentMaxBytes: 8 * 1024 * 1024,
  profilePhotoMaxBytes: 8 * 1024 * 1024,
  /**
   * Photos are resized in the browser before upload (decision 0149): the long side of gallery, profile
   * photos and selfies, and a larger one that keeps an identity document's small print legible.
   */
  uploadLongSide: 2048,
  documentLongSide: 3072,
  structuredDataMaxProfiles: 12,
  reportDetailMax: 1000,
  /** The admin's own words after the preset rejection reasons: a sentence or two, not a letter. */
  rejectionDetailMax: 300,
} as const;

export const timings = {
  splashRedirectMs: 3000,
  heartLifetimeMs: 2000,
  availabilityCheckDelayMs: 2000,
  forgotPasswordLockMs: 5000,
  registrationRedirectMs: 2500,
  statusConfirmationRedirectMs: 2000,
  passwordMessageMs: 4000,
  statusErrorMessageMs: 4000,
  postUploadRedirectMs: 4000,
  validationProgressStepMs: 300,
  validationProgressStepPercent: 10,
  validationProgressMaxSteps: 10,
  recoveryRedirectMs: 3000,
  clientForgotRedirectMs: 5000,
  escortForgotRedirectMs: 4000,
  requestMessageMs: 5000,
  cityMessageMs: 2000,
  galleryBusyMs: 2000,
  lightboxExitMs: 300,
  recoveryCodeTtlMs: 15 * 60 * 1000,
  recoveryMaxAttempts: 5,
  /** Wrong codes per account, across all its codes, within recoveryFailureWindowMs before code recovery locks. */
  recoveryDailyFailures: 10,
  recoveryFailureWindowMs: 24 * 60 * 60 * 1000,
  recoveryLockMs: 24 * 60 * 60 * 1000,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** Absolute lifetime from login: the sliding expiry never carries a session past it. */
  sessionMaxAgeMs: 90 * 24 * 60 * 60 * 1000,
  listingCacheMs: 5000,
} as const;

/**
 * Retention of accounts that never got approved (decision 0052): a rejected
 * identity document is deleted this many days after the rejection; a pending
 * account without activity is mailed once, then deleted with its document.
 */
export const retentionDays = {
  rejectedDocument: 30,
  inactivePendingNotice: 60,
  inactivePendingDeletion: 90,
} as const;

export const heartColours = ['#e11d48', '#f472b6', '#fb7185', '#c084fc', '#f59e0b', '#f43f5e'] as const;

export const autorizadoValues = ['pendiente', 'aprobado'] as const;
export type Autorizado = (typeof autorizadoValues)[number];

export const estadoValues = ['disponible', 'inactiva'] as const;
export type Estado = (typeof estadoValues)[number];

/** The kinds of account the server stores (tipo is the spec's name for them on the wire). */
export const accountKindValues = ['escort', 'client', 'admin'] as const;
export type AccountKind = (typeof accountKindValues)[number];

export const generoValues = ['Masculino', 'Femenino', 'Transexual'] as const;
export type Genero = (typeof generoValues)[number];

/** A client rates an escort on these (the spec's), nota1..nota5 in this order. */
export const ratingCriteria = ['Puntual', 'Pieza', 'Trato', 'Apariencia', 'Oral'] as const;
/** An escort rates a client on his own criteria (decision 0157), nota1..nota5 in this order. */
export const clientRatingCriteria = ['Puntualidad', 'Respeto', 'Higiene', 'Trato', 'Pago acordado'] as const;

export const priceRange = '$$';
export const countryCode = 'CL';

/** Browser storage keys named by the spec. A password is never stored. */
export const storageKeys = [
  'token',
  'nickname',
  'rut_cliente',
  'rut_usuario',
  'email',
  'tipo',
  'tipo_perfil',
  'token_conversacion',
  'emailRecuperacion',
] as const;
export type StorageKey = (typeof storageKeys)[number];

/**
 * Where a device keeps its answer to the 18+ notice (the date it was given).
 * Not a session key: logging out does not ask an adult again.
 */
export const ageNoticeStorageKey = 'mayor_de_edad';

/** Default avatars per gender, served by the app itself. */
export const defaultAvatars: Record<Genero, string> = {
  Femenino: '/assets/avatars/femenino.svg',
  Masculino: '/assets/avatars/masculino.svg',
  Transexual: '/assets/avatars/transexual.svg',
};
