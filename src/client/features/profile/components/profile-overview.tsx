import { useRef } from 'react';
import { Camera, Crown } from 'lucide-react';
import type { CurrentUser, Role } from '#shared/contracts/auth';
import { avatarUploadRule } from '#shared/contracts/me';
import { Avatar } from '#client/components/ui/avatar';
import { Badge, type BadgeTone } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { acceptFor, checkUpload } from '#client/lib/uploads/upload-check';
import type { Profile } from '../api/get-profile';
import { useMembership } from '../api/get-membership';
import { useUploadAvatar } from '../api/upload-avatar';

const roleBadges: Record<Role, { label: string; tone: BadgeTone }> = {
  user: { label: 'User', tone: 'neutral' },
  admin: { label: 'Admin', tone: 'accent' },
  moderator: { label: 'Moderator', tone: 'intermediate' },
};

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date(iso));

export interface ProfileOverviewProps {
  profile: Profile;
  /** The header shows the new avatar at once. */
  onAvatarChanged: (changes: Pick<CurrentUser, 'avatarUrl'>) => void;
}

/** Avatar (with upload), name, email, role badge and the lifetime-supporter badge. */
export function ProfileOverview({ profile, onAvatarChanged }: ProfileOverviewProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const membership = useMembership();
  const name = profile.fullName?.trim() || profile.email;
  const role = roleBadges[profile.role] ?? roleBadges.user;

  async function onFileChosen(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const refusal = await checkUpload(file, avatarUploadRule);
    if (refusal !== null) {
      toast.error(refusal);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ profile: updated }) => {
        onAvatarChanged({ avatarUrl: updated.avatarUrl });
        toast.success('Avatar updated');
      },
      onError: (error) => {
        toast.error('Failed to upload avatar', {
          description:
            isApiError(error) && error.status >= 400 && error.status < 500
              ? error.message
              : 'Please try again.',
        });
      },
    });
  }

  return (
    <Card className="flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-center sm:p-8">
      <div className="flex flex-col items-center gap-3">
        <Avatar src={profile.avatarUrl} name={name} className="size-24 text-2xl" />
        <input
          ref={inputRef}
          type="file"
          accept={acceptFor(avatarUploadRule)}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void onFileChosen(event.target.files?.[0])}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={upload.isPending}
          aria-busy={upload.isPending}
          onClick={() => inputRef.current?.click()}
        >
          <Camera aria-hidden="true" className="size-4" />
          {upload.isPending ? 'Uploading...' : 'Change Photo'}
        </Button>
        <p className="text-center text-xs text-ink-muted">JPEG, PNG or WebP, up to 5 MB</p>
      </div>
      <div className="min-w-0 text-center sm:text-left">
        <p className="font-serif text-2xl font-semibold break-words text-ink">{name}</p>
        <p className="mt-1 break-all text-ink-muted">{profile.email}</p>
        <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
          <Badge tone={role.tone}>{role.label}</Badge>
          {membership.data?.hasLifetimeAccess ? (
            <Badge tone="beginner">
              <Crown aria-hidden="true" className="size-3.5" />
              Lifetime Supporter
            </Badge>
          ) : null}
        </div>
        <p className="mt-3 text-sm text-ink-muted">Member since {memberSince(profile.createdAt)}</p>
      </div>
    </Card>
  );
}
