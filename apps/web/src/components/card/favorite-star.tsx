import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { loginForIntent } from '@encanto/core/login-intent';
import { msg } from '@encanto/core/messages';
import { Icon } from '../ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { addFavorite, removeFavorite, useIsFavorite } from '../../lib/api/favorites.ts';
import { useResumeIntent } from './resume-intent.ts';

/**
 * The favourite star on /Card/{nickname}. Clients toggle it. A visitor goes to the client login, which
 * says why and comes back here to save the favourite (decision 0143); someone signed in to another kind
 * of account gets the spec's alert and goes to the client login.
 */
export function FavoriteStar({ nickname, name }: { nickname: string; name?: string | undefined }) {
  const session = useSession();
  const navigate = useNavigate();
  const isClient = session.role === 'cliente' && session.rut !== null && session.nickname !== null;
  const query = useIsFavorite(nickname, isClient ? session.rut : null);
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const on = isClient && query.data?.existe === true;

  const toggle = async () => {
    if (!session.signedIn) {
      void navigate(loginForIntent({ accion: 'favorito', perfil: nickname, nombre: name }));
      return;
    }
    if (!isClient || !session.rut) {
      // A blocking alert, as the spec says, because the page changes right after.
      window.alert(msg.favoriteLoginRequired);
      void navigate(paths.clientLogin);
      return;
    }
    const rut = session.rut;
    setError(null);
    setSaved(false);
    await run(
      async () => {
        if (on) await removeFavorite(nickname, rut);
        else await addFavorite(nickname, rut);
        await query.refetch();
      },
      {
        onSuccess: () => setSaved(!on),
        onError: (err) => setError(errorText(err, on ? msg.favoriteRemoveError : msg.favoriteAddError)),
      },
    );
  };

  // Back from the login the star was tapped for: save the favourite once (unless it already is one).
  const resume = useResumeIntent('favorito');
  const resumed = useRef(false);
  const ready = isClient && query.isSuccess;
  const already = query.data?.existe === true;
  useEffect(() => {
    if (!resume || !ready || resumed.current) return;
    resumed.current = true;
    // Done once: a reload of this entry must not save it again after she took it back. React Router keeps
    // its state in history.state.usr; the entry keeps its key, so scrolling and Back are unchanged.
    window.history.replaceState({ ...(window.history.state as object), usr: null }, '');
    if (!already) queueMicrotask(() => void toggle());
  });

  return (
    <div className="favorite-star-wrap">
      <button
        type="button"
        className={on ? 'favorite-star favorite-star-on' : 'favorite-star'}
        aria-pressed={on}
        aria-label={on ? 'Quitar de favoritos' : 'Agregar a favoritos'}
        title={on ? 'Quitar de favoritos' : 'Agregar a favoritos'}
        onClick={() => void toggle()}
        disabled={busy}
        data-testid="favorite-star"
      >
        <Icon name="star" size={26} />
      </button>
      {saved ? (
        <p className="message message-success favorite-error" role="status">
          Guardaste a {name ?? nickname} en tus favoritos.
        </p>
      ) : null}
      {error ? (
        <p className="message message-error favorite-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
