import type { ComponentPropsWithRef } from 'react';
import { FORM_PASSWORD_MIN_LENGTH } from '#shared/validation/account-rules';
import { Input } from '#client/components/ui/input';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** The auth forms' address input (inside a Field). */
export function EmailInput(props: InputProps) {
  return <Input type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** What a new password needs, under the field that asks for one. */
export const newPasswordHint =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

/** A new password (or its confirmation): the forms' own minimum of 6 (decision 007). */
export function NewPasswordInput(props: InputProps) {
  return (
    <Input
      type="password"
      autoComplete="new-password"
      minLength={FORM_PASSWORD_MIN_LENGTH}
      required
      {...props}
    />
  );
}
