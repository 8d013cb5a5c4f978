import type { FieldErrors, FieldValues, Path } from 'react-hook-form';

export interface FormProblem<T extends FieldValues> {
  message: string;
  /** The fields refused for it (to mark invalid). */
  fields: Array<Path<T>>;
}

/**
 * For a form that names one problem at a time above its button: the first of `checks` (its
 * messages, in the order the form makes its checks) that refused some field, with every field it
 * refused. A message outside `checks` comes after them, in field order.
 */
export function firstProblem<T extends FieldValues>(
  errors: FieldErrors<T>,
  checks: readonly string[],
): FormProblem<T> | null {
  const refused = Object.entries(errors).flatMap(([field, error]) =>
    field !== 'root' && typeof error?.message === 'string'
      ? [{ field: field as Path<T>, message: error.message }]
      : [],
  );
  if (refused.length === 0) return null;
  const rank = (message: string) => {
    const index = checks.indexOf(message);
    return index === -1 ? checks.length : index;
  };
  const message = refused.reduce((first, next) =>
    rank(next.message) < rank(first.message) ? next : first,
  ).message;
  return {
    message,
    fields: refused.filter((entry) => entry.message === message).map((entry) => entry.field),
  };
}
