import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '#shared/contracts/auth';
import { FULL_NAME_MAX_LENGTH } from '#shared/validation/account-rules';
import { Button } from '#client/components/ui/button';
import { TextField } from '#client/components/ui/input';
import { toast } from '#client/lib/toast';
import type { Profile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

export interface ProfileNameFormProps {
  profile: Profile;
  onNameChanged: (changes: Pick<CurrentUser, 'fullName'>) => void;
}

export function ProfileNameForm({ profile, onNameChanged }: ProfileNameFormProps) {
  const saved = profile.fullName ?? '';
  const [fullName, setFullName] = useState(saved);
  const update = useUpdateProfile();
  const trimmed = fullName.trim();
  const unchanged = trimmed === saved.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || unchanged) return;
    update.mutate(
      { fullName: trimmed },
      {
        onSuccess: ({ profile: updated }) => {
          setFullName(updated.fullName ?? '');
          onNameChanged({ fullName: updated.fullName });
          toast.success('Profile updated');
        },
        onError: () => toast.error('Failed to update profile. Please try again.'),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        maxLength={FULL_NAME_MAX_LENGTH}
        required
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={profile.email}
        readOnly
        disabled
        hint="Your sign-in address; it cannot be changed here."
      />
      <Button
        type="submit"
        disabled={update.isPending || trimmed === '' || unchanged}
        aria-busy={update.isPending}
      >
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
