import { useId, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import {
  savedSearchBodySchema,
  savedSearchFiltersFrom,
  suggestedSearchName,
} from '@encanto/core/saved-searches';
import type { PageFilters } from '@encanto/core/search-filters';
import type { ListingPlace } from '@encanto/core/search-params';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { saveSearch } from '../../../lib/api/saved-searches.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Field } from '../../../components/ui/field.tsx';

// The name is checked here by the rule the API applies; the filters come from the page, not the form.
const nameSchema = savedSearchBodySchema.pick({ nombre: true });

/**
 * "Guardar búsqueda" under a listing's search box (decision 0175): it keeps the place and the filters on
 * screen under a name he can change, and says where they are listed. The API's Spanish message is shown
 * as it comes (ten at most, a bad name). Loaded by save-search.tsx for a signed-in client only.
 */
export default function SaveSearchPanel({
  place,
  placeName,
  filters,
}: {
  place: ListingPlace;
  placeName: string | undefined;
  filters: PageFilters;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { busy, run } = useAction();
  const form = useSchemaForm(nameSchema, { defaultValues: { nombre: '' } });

  const onSubmit = form.handleSubmit(
    async ({ nombre }) => {
      setResult(null);
      await run(() => saveSearch({ nombre, filtros: savedSearchFiltersFrom(place, filters) }), {
        onSuccess: (res) => {
          setOpen(false);
          setResult({ ok: true, text: `Guardamos «${res.busqueda.nombre}».` });
        },
        onError: (err) => setResult({ ok: false, text: errorText(err, msg.savedSearchSaveError) }),
      });
    },
    (errors) => setResult({ ok: false, text: errors.nombre?.message ?? msg.savedSearchName }),
  );

  return (
    <div className="save-search">
      {open ? (
        <form className="save-search-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field
            id={`${id}-nombre`}
            label="Nombre de la búsqueda"
            error={undefined}
            hint="Te avisaremos cuando aparezcan perfiles nuevos, como mucho una vez al día."
          >
            {(control) => (
              <input
                {...control}
                type="text"
                maxLength={60}
                required
                autoComplete="off"
                {...form.register('nombre')}
                // The form opens on a tap that asked for it: the name is what to type next.
                autoFocus
              />
            )}
          </Field>
          <div className="save-search-actions">
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              {busy ? 'Guardando…' : 'Guardar'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setOpen(false);
                setResult(null);
              }}
            >
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="button button-secondary save-search-toggle"
          onClick={() => {
            // The suggested name follows the filters on screen when the form opens.
            form.reset({ nombre: suggestedSearchName(placeName, filters) });
            setOpen(true);
            setResult(null);
          }}
        >
          <Icon name="star" size={18} /> Guardar búsqueda
        </button>
      )}
      {result ? (
        <p
          className={`message ${result.ok ? 'message-success' : 'message-error'}`}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.text}
          {result.ok || !open ? (
            <>
              {' '}
              <Link to={paths.savedSearches}>Ver mis búsquedas</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
