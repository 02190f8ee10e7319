import { limits, type Estado } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { profilePhotoProblem, type ProfileImage } from '@encanto/core/profiles';
import { ApiError, errorText } from '../../lib/api-client.ts';

export const otherEstado = (estado: Estado): Estado => (estado === 'disponible' ? 'inactiva' : 'disponible');
export const estadoLabel = (estado: Estado) => (estado === 'disponible' ? 'Disponible' : 'Inactiva');

/** Checks a chosen photo before sending it (the server decides again by the bytes); core's rule. */
export const photoFileProblem = profilePhotoProblem;

export type DeletePlan = { publicId: string } | { error: string };

/**
 * The stored photo to delete, by its publicId (a picture given as a link is a
 * stored photo too), or the spec's message when something is missing.
 */
export function planImageDelete(image: ProfileImage | undefined, nickname: string | null): DeletePlan {
  if (!nickname || !image?.publicId) return { error: msg.nicknameOrPublicIdMissing };
  return { publicId: image.publicId };
}

/** 'Debes eliminar…' before a new photo while one is shown (the spec's screens require deleting first). */
export function newPhotoProblem(image: ProfileImage | undefined): string | null {
  return image && image.origen !== 'predeterminada' ? msg.deleteImageFirst : null;
}

export function cityChangeProblem(ciudad: string, nickname: string | null): string | null {
  if (!ciudad) return msg.cityMustBeChosen;
  if (!nickname) return msg.cityNicknameMissing;
  return null;
}

/** City change failure: the server's message, 'Error al actualizar la ciudad: …' when unreachable, else the fallback. */
export function cityFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return `${msg.cityUpdateError}no hay conexión con el servidor.`;
    return errorText(err, msg.cityUpdateFailed);
  }
  return err instanceof Error ? `${msg.cityUpdateError}${err.message}` : msg.cityUpdateFailed;
}

/** What the photo picker accepts, after the chosen file's name. */
export const photoHint = `JPG, PNG o WebP, hasta ${limits.profilePhotoMaxBytes / (1024 * 1024)} MB`;
