import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver, type FormWording } from '#client/lib/forms/use-schema-form';

/**
 * Runs a form's resolver on `values` as react-hook-form does on submit: the errors the form
 * would show (first message per field), or the output it would send.
 */
export async function resolveForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  values: Input,
  wording?: FormWording,
): Promise<{ errors: FieldErrors<Input>; output: Output | null }> {
  const result = await schemaResolver(schema, wording)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = result.errors as FieldErrors<Input>;
  return { errors, output: Object.keys(errors).length > 0 ? null : (result.values as Output) };
}
