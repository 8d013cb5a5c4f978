import type { ComponentPropsWithRef } from 'react';
import { PASSWORD_MIN_LENGTH, passwordHint } from '#shared/validation/account-rules';
import { Input } from '#client/components/ui/input';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** The auth forms' address input (inside a Field). */
export function EmailInput(props: InputProps) {
  return <Input type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** What a new password needs, under the field that asks for one (the shared rule's words). */
export const newPasswordHint = passwordHint;

/** A new password (or its confirmation): the account's minimum (decision 007). */
export function NewPasswordInput(props: InputProps) {
  return (
    <Input
      type="password"
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      required
      {...props}
    />
  );
}
