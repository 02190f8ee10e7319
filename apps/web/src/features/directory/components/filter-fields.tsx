import { useId } from 'react';
import {
  pageFilter,
  pageFilterNames,
  type FilterField,
  type PageFilterSpec,
  type PageFilterName,
} from '@encanto/core/search-filters';
import type { ListingFilters } from '@encanto/core/search-params';

type Panel = PageFilterSpec['panel'];

/** The panel's filters, in the descriptor's order; a range's neighbours with its legend form one group. */
function groupsOf(panel: Panel): PageFilterName[][] {
  const groups: PageFilterName[][] = [];
  for (const name of pageFilterNames.filter((n) => pageFilter(n).panel === panel)) {
    const field = pageFilter(name).field;
    const last = groups.at(-1);
    const previous = last && pageFilter(last[0]!).field;
    if (
      last &&
      field.control === 'range' &&
      previous?.control === 'range' &&
      previous.legend === field.legend
    )
      last.push(name);
    else groups.push([name]);
  }
  // Chips (a long list) go below the short fields, which stay together.
  return [
    ...groups.filter((g) => pageFilter(g[0]!).field.control !== 'chips'),
    ...groups.filter((g) => pageFilter(g[0]!).field.control === 'chips'),
  ];
}

/**
 * The filter bar's fields of one panel, built from the filters' descriptor
 * (packages/core/src/search-filters.ts): a filter described there is asked for here. Fields of the
 * bar's GET form with default values, so they work before scripts load, and a new URL (the form's
 * key) puts them back to what it says.
 */
export function FilterFields({ filters, panel }: { filters: ListingFilters; panel: Panel }) {
  const id = useId();
  return groupsOf(panel).map((names) => {
    const name = names[0]!;
    const { field, value } = pageFilter(name);
    const current = filters[name];
    const fieldId = `${id}-${name}`;
    switch (field.control) {
      case 'select': {
        const options =
          value.kind === 'choice'
            ? value.values
            : // A number typed into the URL by hand is kept as an option, so the form shows it.
              [...new Set([...(field.suggested ?? []), ...(typeof current === 'number' ? [current] : [])])]
                .sort((a, b) => a - b)
                .map(String);
        return (
          <div key={name} className="filter-field">
            <label htmlFor={fieldId}>{field.label}</label>
            <select id={fieldId} name={name} defaultValue={current === undefined ? '' : String(current)}>
              <option value="">{field.any}</option>
              {options.map((o) => (
                <option key={o} value={o}>
                  {field.optionLabel?.(o) ?? o}
                </option>
              ))}
            </select>
          </div>
        );
      }
      case 'range':
        return <RangeFields key={name} id={id} names={names} filters={filters} legend={field.legend} />;
      case 'search':
        // On a phone the listing's own search box asks for it (search-box.tsx); the field stays in
        // the form there, hidden, so a new filter keeps the words.
        return (
          <div key={name} className="filter-field filter-search">
            <label htmlFor={fieldId}>{field.label}</label>
            <input
              id={fieldId}
              name={name}
              type="search"
              enterKeyHint="search"
              maxLength={value.kind === 'text' ? value.max : undefined}
              placeholder={field.placeholder}
              defaultValue={typeof current === 'string' ? current : ''}
            />
          </div>
        );
      case 'check':
        return (
          <label key={name} className="filter-check">
            <input type="checkbox" name={name} value="true" defaultChecked={current === true} />
            {field.label}
          </label>
        );
      case 'chips': {
        const chosen = new Set<string>(Array.isArray(current) ? current : []);
        const values = value.kind === 'list' ? value.values : [];
        return (
          <fieldset key={name} className="filter-chips">
            <legend>{field.legend}</legend>
            <div className="check-chips">
              {values.map((v) => (
                <label key={v} className="check-chip">
                  <input type="checkbox" name={name} value={v} defaultChecked={chosen.has(v)} />
                  {field.optionLabel(v)}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }
    }
  });
}

/** "Edad [desde] a [hasta]": number fields under one legend, each labelled for screen readers. */
function RangeFields({
  id,
  names,
  filters,
  legend,
}: {
  id: string;
  names: PageFilterName[];
  filters: ListingFilters;
  legend: string;
}) {
  return (
    <fieldset className="filter-field filter-range">
      <legend>{legend}</legend>
      {names.map((name, i) => {
        const { field, value } = pageFilter(name);
        const { label, placeholder } = field as Extract<FilterField, { control: 'range' }>;
        const bounds = value.kind === 'number' ? { min: value.min, max: value.max } : {};
        const current = filters[name];
        return [
          i > 0 ? (
            <span key={`${name}-to`} aria-hidden="true">
              a
            </span>
          ) : null,
          <label key={`${name}-label`} htmlFor={`${id}-${name}`} className="visually-hidden">
            {label}
          </label>,
          <input
            key={name}
            id={`${id}-${name}`}
            name={name}
            type="number"
            inputMode="numeric"
            {...bounds}
            placeholder={placeholder}
            defaultValue={typeof current === 'number' ? current : ''}
          />,
        ];
      })}
    </fieldset>
  );
}
