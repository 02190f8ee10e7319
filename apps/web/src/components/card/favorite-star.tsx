import { useState } from 'react';
import { useNavigate } from 'react-router';
import { msg } from '@encanto/core/messages';
import { Icon } from '../ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { addFavorite, removeFavorite, useIsFavorite } from '../../lib/api/favorites.ts';

/**
 * The favourite star on /Card/{nickname}. Clients toggle it; anyone else gets
 * the spec's alert and goes to the client login.
 */
export function FavoriteStar({ nickname }: { nickname: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const isClient = session.role === 'cliente' && session.rut !== null && session.nickname !== null;
  const query = useIsFavorite(nickname, isClient ? session.rut : null);
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const on = isClient && query.data?.existe === true;

  const toggle = async () => {
    if (!isClient || !session.rut) {
      // A blocking alert, as the spec says, because the page changes right after.
      window.alert(msg.favoriteLoginRequired);
      void navigate(paths.clientLogin);
      return;
    }
    const rut = session.rut;
    setError(null);
    await run(
      async () => {
        if (on) await removeFavorite(nickname, rut);
        else await addFavorite(nickname, rut);
        await query.refetch();
      },
      { onError: (err) => setError(errorText(err, on ? msg.favoriteRemoveError : msg.favoriteAddError)) },
    );
  };

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
      {error ? (
        <p className="message message-error favorite-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
