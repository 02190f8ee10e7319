import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form field's starting value, written into the HTML the server renders.
 *
 * Why: `register` hands an element its default only when the element attaches in the browser, so a
 * page rendered on the server for a signed-in person (decision 0111) showed her own data as empty fields
 * until hydration. Spread beside register(): `{...register('fono')} {...seed('fono')}`; a checkbox or
 * radio names its option: `{...seed('servicios', s)}`. Later changes are react-hook-form's own.
 */
export function seedOf<T extends FieldValues, O extends FieldValues = T>(form: UseFormReturn<T, unknown, O>) {
  return (name: Path<T>, choice?: string) => {
    const value: unknown = (form.formState.defaultValues as Record<string, unknown> | undefined)?.[name];
    if (choice !== undefined) {
      return { defaultChecked: Array.isArray(value) ? value.includes(choice) : value === choice };
    }
    return { defaultValue: value === null || value === undefined ? '' : String(value) };
  };
}
