import { useMemo } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { keepTypedRegistered } from './keep-typed.ts';
import { seedOf } from './seed-fields.ts';
import { zodResolver } from './zod-resolver.ts';

export interface SchemaFormOptions<In extends FieldValues, Out extends FieldValues> extends Omit<
  UseFormProps<In, unknown, Out>,
  'resolver'
> {
  /** Fills in what the form leaves implicit before the schema reads it (an empty field meaning "keep"). */
  prepare?: (values: In) => In;
}

/**
 * The one form hook: react-hook-form validated by a zod schema from packages/core, the same schema
 * (or a .pick()/.extend() of it) the API route parses, so a rule and its Spanish words live once.
 *
 * Beside react-hook-form's own API it gives:
 * - `keep(name, { filter })`: register() that keeps what was typed or autofilled before hydration
 *   (lib/keep-typed.ts), with an optional typing filter applied as she types;
 * - `seed(name)`: the field's default written into the server's HTML (lib/seed-fields.ts);
 * - `firstError()`: the first failed rule's words, in the schema's order, for screens that show one
 *   status line instead of a message under each field.
 *
 * ESLint allows react-hook-form's useForm only here (the "web data access" block of eslint.config.js).
 */
export function useSchemaForm<In extends FieldValues, Out extends FieldValues = In>(
  schema: ZodType<Out, In>,
  { prepare, ...options }: SchemaFormOptions<In, Out> = {},
) {
  const resolve = zodResolver(schema as never) as unknown as Resolver<In, unknown, Out>;
  const form = useForm<In, unknown, Out>({
    ...options,
    resolver: prepare ? (values, context, opts) => resolve(prepare(values), context, opts) : resolve,
  });

  // react-hook-form's object is stable and keeps its formState current; the helpers ride on an
  // object whose prototype is that one, so effects that depend on the form do not run every render.
  return useMemo(() => {
    const keep = <N extends Path<In>>(
      name: N,
      { filter, ...registerOptions }: RegisterOptions<In, N> & { filter?: (typed: string) => string } = {},
    ) => {
      const registered = form.register(name, registerOptions as RegisterOptions<In, N>);
      // A typing filter (digits only, no spaces) applies to each change and to what hydration found.
      const field: UseFormRegisterReturn<N> = filter
        ? {
            ...registered,
            onChange: (e) => {
              (e.target as { value: string }).value = filter((e.target as { value: string }).value);
              return registered.onChange(e);
            },
          }
        : registered;
      return keepTypedRegistered(field, (typed) =>
        form.setValue(
          name,
          (filter && typeof typed === 'string' ? filter(typed) : typed) as PathValue<In, N>,
        ),
      );
    };
    const helpers = {
      keep,
      seed: seedOf(form),
      firstError: () => firstErrorOf(form.formState.errors),
    };
    return Object.assign(Object.create(form) as typeof form, helpers);
  }, [form]);
}

/** The first message in a react-hook-form error tree, in the order the schema reported them. */
export function firstErrorOf(errors: FieldErrors | undefined): string | undefined {
  if (!errors) return undefined;
  for (const [key, value] of Object.entries(errors)) {
    // A field error's element and its other criteria are not further errors.
    if (key === 'ref' || key === 'types' || !value || typeof value !== 'object') continue;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    const nested = firstErrorOf(value as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
