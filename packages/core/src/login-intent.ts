import { pages } from './paths.ts';

/**
 * What a visitor was doing on a card when the app sent them to sign in (decision 0143): the star, "Comentar"
 * or "Cita". The login page says why in words, and after signing in as a client the app returns to the
 * same card and finishes it (the favourite saved, the form open). The intent travels in the login URL's
 * query (`?accion=favorito&perfil=Valeria`), so a reload or a second tab keeps it; the way back is built
 * from the nickname alone (a card's address), never from a URL the query carries.
 */
export const loginIntentValues = ['favorito', 'comentar', 'cita'] as const;
export type LoginIntentAction = (typeof loginIntentValues)[number];

export interface LoginIntent {
  accion: LoginIntentAction;
  /** The card's nickname. */
  perfil: string;
  /** The name the card shows ("Valeria"), for the login's words only; the nickname when absent. */
  nombre?: string | undefined;
}

/** The same rule as a nickname: letters, digits, dot, dash and underscore, at most 40. */
const nicknamePattern = /^[\p{L}\p{N}._-]{1,40}$/u;
/** A display name as words: letters, digits, spaces and a few marks, at most 40 (it is only shown, as text). */
const namePattern = /^[\p{L}\p{N}][\p{L}\p{N} .'-]{0,39}$/u;

/** The client login's address that carries the intent. */
export function loginForIntent(intent: LoginIntent): string {
  const query = new URLSearchParams({ accion: intent.accion, perfil: intent.perfil });
  const nombre = intent.nombre?.trim();
  if (nombre && nombre !== intent.perfil && namePattern.test(nombre)) query.set('nombre', nombre);
  return `${pages.clientLogin.href}?${query.toString()}`;
}

/** The intent a login URL's query carries, or null when it carries none (or one not understood). */
export function readLoginIntent(search: string): LoginIntent | null {
  const query = new URLSearchParams(search);
  const accion = query.get('accion') ?? '';
  const perfil = query.get('perfil') ?? '';
  if (!(loginIntentValues as readonly string[]).includes(accion) || !nicknamePattern.test(perfil))
    return null;
  const nombre = query.get('nombre') ?? '';
  return {
    accion: accion as LoginIntentAction,
    perfil,
    nombre: namePattern.test(nombre) ? nombre : undefined,
  };
}

/** Why the login page is asked for, in the visitor's words. */
export function loginIntentText({ accion, perfil, nombre }: LoginIntent): string {
  const name = nombre ?? perfil;
  // "Zoe G." ends the sentence with its own period.
  const end = name.endsWith('.') ? name : `${name}.`;
  switch (accion) {
    case 'favorito':
      return `Inicia sesión para guardar a ${name} en tus favoritos.`;
    case 'comentar':
      return `Inicia sesión para comentar el perfil de ${end}`;
    case 'cita':
      return `Inicia sesión para pedirle una cita a ${end}`;
  }
}

/** History state of the way back to the card: what it finishes once. */
export interface ResumeState {
  reanudar: LoginIntentAction;
}
