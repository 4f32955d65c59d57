import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** The form of a schema: its fields hold the schema's input; a valid submit receives the schema's output. */
export type SchemaForm<TInput extends FieldValues, TOutput = TInput> = UseFormReturn<TInput, unknown, TOutput>;

export type SchemaFormOptions<TInput extends FieldValues, TOutput = TInput> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver'
>;

/**
 * The one way to build a form: react-hook-form validated by the shared zod schema the API route also checks, so the
 * browser and the server answer the same words. The fields are typed as the schema's input (what a person types,
 * e.g. a number's text) and the submit handler as its output (what the API is sent), with no casts between.
 *
 * A schema that depends on the moment or the record (a date that cannot be in the past, a note's own type) is built
 * by the caller and passed in; the form validates with the schema of its latest render.
 */
export function useSchemaForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  options: SchemaFormOptions<TInput, TOutput> = {},
): SchemaForm<TInput, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    ...options,
    resolver: zodResolver<TInput, unknown, TOutput, z.ZodType<TOutput, TInput>>(schema),
  });
}

/** What a form's own check answers: the values to submit, or the first message of each field it refuses. */
export type FormCheck<TOutput> = { data: TOutput } | { errors: Partial<Record<string, string>> };

/**
 * The schema of a form whose values are not the API's shape (a note's date and hour, a tier inside its whole table, a
 * modal's message and date): `check` maps the values, runs the shared rules on them and says what to submit or which
 * field to mark. The form is then built with `useSchemaForm` like any other.
 */
export function checkedFormSchema<TInput extends FieldValues, TOutput = TInput>(
  check: (values: TInput) => FormCheck<TOutput>,
): z.ZodType<TOutput, TInput> {
  return z.custom<TInput>().transform((values, context) => {
    const result = check(values);
    if ('data' in result) return result.data;
    for (const [field, message] of Object.entries(result.errors)) {
      if (message !== undefined) context.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
}
