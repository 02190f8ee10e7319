// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import {
  pageFilter,
  pageFilterNames,
  type PageFilterName,
  type PageFilters,
} from '@encanto/core/search-filters';
import { filterParams, filtersFromQuery, queryString } from '@encanto/core/search-params';
import { FilterBar } from '../src/features/directory/components/filter-bar.tsx';
import { useListingUrl } from '../src/features/directory/components/use-listing-url.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(cleanup);

/** A value each page filter takes, from its description: a new filter is covered as it is added. */
function sample(name: PageFilterName): unknown {
  const { value } = pageFilter(name);
  switch (value.kind) {
    case 'choice':
      return value.values.at(-1);
    case 'list':
      return value.values.slice(1, 3);
    case 'number':
      // Off the suggested ceilings, as a hand-edited URL: the bar still shows it.
      return value.min + 1;
    case 'flag':
      return true;
    case 'text':
      return 'valeria providencia';
  }
}

function Bar() {
  const { pathname, filters } = useListingUrl();
  return <FilterBar pathname={pathname} filters={filters} />;
}

function renderBar(filters: PageFilters) {
  const view = renderHydrated(<Bar />, { url: `/Escort${queryString(filterParams(filters))}` });
  const form = view.container.querySelector('form')!;
  return { ...view, form };
}

/** What the form would submit, read as a page reads its URL. */
const submitted = (form: HTMLFormElement) =>
  filtersFromQuery(new URLSearchParams(new FormData(form) as unknown as string[][]));

describe('the filter bar, built from the filters descriptor', () => {
  it('asks for every page filter, and submits what the URL says', () => {
    const every = Object.fromEntries(pageFilterNames.map((n) => [n, sample(n)])) as PageFilters;
    const { form, hydrationErrors } = renderBar(every);
    expect(hydrationErrors).toEqual([]);
    for (const name of pageFilterNames) {
      expect(form.querySelectorAll(`[name="${name}"]`).length, name).toBeGreaterThan(0);
    }
    expect(submitted(form)).toEqual({ ...every, orden: undefined });
    expect(screen.getByText('Más filtros (en uso)')).toBeTruthy();
  });

  it('submits nothing on a plain listing, with the details folded', () => {
    const { form, container } = renderBar({});
    const none = Object.fromEntries([...pageFilterNames, 'orden'].map((n) => [n, undefined]));
    expect(submitted(form)).toEqual(none);
    expect(container.querySelector('details.filter-more')?.hasAttribute('open')).toBe(false);
  });

  it('keeps the labels the visitor reads', () => {
    renderBar({});
    for (const label of [
      'Género',
      'Edad desde',
      'Edad hasta',
      'Con galería',
      'Fotos verificadas',
      'Tarifa máxima',
      'Atiende',
      'Despedidas',
      'Ordenar por',
    ])
      expect(screen.getByLabelText(label), label).toBeTruthy();
    // hidden: the form sits in the phone's closed sheet (a popover, decision 0142), which jsdom hides.
    const hidden = true;
    expect(screen.getByRole('group', { name: 'Edad', hidden })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Servicio', hidden })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Hasta $100.000', hidden })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'En su lugar', hidden })).toBeTruthy();
    // Every listed profile is available (decision 0153): no "Disponible ahora" box.
    expect(screen.queryByLabelText('Disponible ahora')).toBeNull();
  });

  it('counts the filters in use on the phone\'s "Filtros (n)" button', () => {
    renderBar({ genero: 'Femenino', edad_min: 25, con_galeria: true });
    expect(screen.getByRole('button', { name: 'Filtros (3)' })).toBeTruthy();
    cleanup();
    renderBar({});
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeTruthy();
  });
});
