import { useWatch } from 'react-hook-form';
import type { CurrentUser } from '#shared/contracts/auth';
import { updateProfileBodySchema } from '#shared/contracts/me';
import { FULL_NAME_MAX_LENGTH } from '#shared/validation/account-rules';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input } from '#client/components/ui/input';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import type { Profile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

export interface ProfileNameFormProps {
  profile: Profile;
  onNameChanged: (changes: Pick<CurrentUser, 'fullName'>) => void;
}

export function ProfileNameForm({ profile, onNameChanged }: ProfileNameFormProps) {
  const saved = (profile.fullName ?? '').trim();
  const update = useUpdateProfile();
  const { control, register, handleSubmit, reset } = useSchemaForm(updateProfileBodySchema, {
    defaultValues: { fullName: profile.fullName ?? '' },
  });
  const trimmed = useWatch({ control, name: 'fullName' }).trim();
  // Nothing to save: the button says so, and a blank name is never sent.
  const unsavable = trimmed === '' || trimmed === saved;

  const onSubmit = handleSubmit((changes) => {
    if (changes.fullName === saved) return;
    update.mutate(changes, {
      onSuccess: ({ profile: updated }) => {
        reset({ fullName: updated.fullName ?? '' });
        onNameChanged({ fullName: updated.fullName });
        toast.success('Profile updated');
      },
      onError: () => toast.error('Failed to update profile. Please try again.'),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <Field label="Full Name">
        <Input
          autoComplete="name"
          maxLength={FULL_NAME_MAX_LENGTH}
          required
          {...register('fullName')}
        />
      </Field>
      <Field label="Email" hint="Your sign-in address; it cannot be changed here.">
        <Input name="email" type="email" value={profile.email} readOnly disabled />
      </Field>
      <Button type="submit" disabled={update.isPending || unsavable} aria-busy={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
