import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { savedSearchLimit } from '@encanto/core/saved-searches';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { deleteSearch, useSavedSearches } from '../../../lib/api/saved-searches.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { useAction } from '../../../lib/use-action.ts';

/** /mi-cuenta/busquedas, "Mis búsquedas" (decision 0175): his saved searches, each with its link and delete. */
export default function SavedSearchesPage() {
  const site = useSite();
  useHead({ title: `Mis búsquedas – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="cliente">
      <SavedSearches />
    </RequireAuth>
  );
}

function SavedSearches() {
  const query = useSavedSearches(true);
  const { busyKey, run } = useAction<string>(query.refetch);
  const [error, setError] = useState<string | null>(null);
  const list = query.data?.busquedas ?? [];

  const remove = async (id: string) => {
    setError(null);
    await run(
      () => deleteSearch(id),
      { onError: (err) => setError(errorText(err, msg.savedSearchDeleteError)) },
      id,
    );
  };

  return (
    <section className="page saved-searches-page">
      <h1 className="page-title">Mis búsquedas</h1>
      <p className="field-hint saved-searches-intro">
        Te avisamos cuando aparecen perfiles nuevos en una de tus búsquedas, como mucho una vez al día por
        búsqueda. Puedes guardar hasta {savedSearchLimit}. Elige cómo te avisamos en{' '}
        <Link to={`${paths.clientAccount}#notificaciones`}>Cuenta</Link>.
      </p>
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {query.isPending ? (
        <div className="skeleton" style={{ height: 160 }} aria-hidden="true" />
      ) : query.isError ? (
        <p className="message message-error">{msg.savedSearchesFetchError}</p>
      ) : list.length === 0 ? (
        <div className="saved-searches-empty">
          <p className="empty">{msg.savedSearchesEmpty}</p>
          <p>
            <Link to={paths.escorts} className="button">
              <Icon name="search" size={18} /> Ir al listado
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="saved-searches-count">
            {list.length} de {savedSearchLimit} búsquedas guardadas
          </p>
          <ul className="saved-searches" role="list" data-testid="saved-searches">
            {list.map((s) => (
              <li key={s.id} className="saved-search">
                <div className="saved-search-body">
                  <Link to={s.enlace} className="saved-search-name">
                    {s.nombre}
                  </Link>
                  <span className="saved-search-date">Guardada el {formatDate(s.creada)}</span>
                </div>
                <div className="saved-search-actions">
                  <Link to={s.enlace} className="button button-secondary" aria-label={`Ver «${s.nombre}»`}>
                    Ver perfiles
                  </Link>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => void remove(s.id)}
                    disabled={busyKey !== null}
                    aria-busy={busyKey === s.id}
                    aria-label={`Borrar «${s.nombre}»`}
                  >
                    <Icon name="trash" size={18} /> Borrar
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
