import { useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { ApprovedMessage } from '../../../components/dashboard/approved-message.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { removeFavorite, useFavorites } from '../../../lib/api/favorites.ts';

/** /FavoritosCliente: the client's favourite profiles, each with its photo, display name and a remove button. */
export default function FavoritesPage() {
  const site = useSite();
  useHead({ title: `Favoritos – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="cliente">
      <Favorites />
    </RequireAuth>
  );
}

function Favorites() {
  const session = useSession();
  const query = useFavorites(true);
  const { busy, run } = useAction(query.refetch);
  const [error, setError] = useState<string | null>(null);

  const remove = async (nick: string) => {
    const rut = session.rut;
    if (!rut) return;
    setError(null);
    await run(() => removeFavorite(nick, rut), {
      onError: (err) => setError(errorText(err, msg.favoriteRemoveError)),
    });
  };

  const list = query.data ?? [];
  return (
    <section className="page favorites-page">
      <h1 className="page-title">Favoritos</h1>
      <ApprovedMessage>¡Tu cuenta fue aprobada! Ya puedes pedir citas y guardar favoritos.</ApprovedMessage>
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {query.isPending ? (
        <ul className="card-grid" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="skeleton skeleton-card" />
          ))}
        </ul>
      ) : query.isError ? (
        <p className="message message-error">{msg.favoritesFetchError}</p>
      ) : list.length === 0 ? (
        <p className="empty">{msg.favoritesEmpty}</p>
      ) : (
        <ul className="card-grid" role="list" data-testid="favorites-grid">
          {list.map((f) => {
            // The name she shows on her card (apellido), as everywhere else a client sees her.
            const name = f.apellido || f.usuario_nickname;
            return (
              <li key={f.nick_usuario} className="favorite-item">
                <Link
                  to={paths.card(f.nick_usuario)}
                  className="escort-card"
                  aria-label={`Ver perfil de ${name}`}
                >
                  <div className="escort-card-photo">
                    <img
                      src={f.usuario_url}
                      {...(f.srcset
                        ? {
                            srcSet: f.srcset,
                            sizes: '(min-width: 1200px) 20vw, (min-width: 700px) 30vw, 50vw',
                          }
                        : {})}
                      alt={`Foto de ${name}`}
                      width={640}
                      height={800}
                      loading="lazy"
                      decoding="async"
                    />
                  </div>
                  <div className="escort-card-body">
                    <span className="escort-card-name">{name}</span>
                  </div>
                </Link>
                <button
                  type="button"
                  className="button button-danger button-block favorite-remove"
                  onClick={() => void remove(f.nick_usuario)}
                  disabled={busy}
                  aria-label={`Quitar a ${name} de favoritos`}
                >
                  Quitar
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
