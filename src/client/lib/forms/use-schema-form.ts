import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Words for the issues a contract leaves unworded. A contract's `min(1)` or enum says what is
 * valid, not how this form says it is not ('Please fill in all fields'); its worded checks keep
 * their own message. Returns undefined for an issue it has no words for.
 */
export type FormWording = (issue: z.core.$ZodRawIssue) => string | undefined;

/** The resolver useSchemaForm gives react-hook-form (tests call it to check a form's rules). */
export const schemaResolver = <Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  wording?: FormWording,
) => zodResolver(schema, wording ? { error: wording } : undefined);

export interface SchemaFormOptions<Input extends FieldValues, Output> extends Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver'
> {
  wording?: FormWording;
}

/**
 * The one form pattern (docs/architecture.md): react-hook-form over a zod schema from
 * src/shared (a contract's body schema, extended only for what the form alone has: a password
 * confirmation, a field kept as text until it is sent). The submit handler receives the
 * schema's output, which is what is sent. A message stays until the form is submitted again
 * (`reValidateMode: 'onSubmit'`), unless the form clears it sooner.
 *
 * Server-rendered pages: register fields (no `value` props, no Controller) and put the default
 * values in the markup (`defaultValue`); react-hook-form then keeps what a person typed before
 * the page hydrated (it reads an input edited before the form is ready).
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { wording, ...options }: SchemaFormOptions<Input, Output> = {},
) {
  return useForm<Input, unknown, Output>({
    reValidateMode: 'onSubmit',
    ...options,
    resolver: schemaResolver(schema, wording),
  });
}
