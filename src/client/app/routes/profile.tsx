import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { CurrentUser } from '#shared/contracts/auth';
import { Card } from '#client/components/ui/card';
import { PageHeading } from '#client/components/ui/page-heading';
import { Spinner } from '#client/components/ui/spinner';
import { useProfile } from '#client/features/profile/api/get-profile';
import { AchievementsList } from '#client/features/profile/components/achievements-list';
import { DeleteAccountSection } from '#client/features/profile/components/delete-account-section';
import { LevelCard } from '#client/features/profile/components/level-card';
import { PreferencesForm } from '#client/features/profile/components/preferences-form';
import { ProfileNameForm } from '#client/features/profile/components/profile-name-form';
import { ProgressCharts } from '#client/features/profile/components/charts/progress-charts';
import { ProfileOverview } from '#client/features/profile/components/profile-overview';
import { ReviewSummaryCard } from '#client/features/profile/components/review-summary-card';
import { StatisticsCard } from '#client/features/profile/components/statistics-card';
import { usePreferences } from '#client/lib/api/me/get-preferences';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';
import { forgetDeletedAccount } from '../forget-deleted-account';
import { SectionLoadError } from '#client/features/profile/components/section-load-error';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card className="p-6 sm:p-8">
        <h2 id={id} className="mb-5 text-2xl font-semibold">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

function PreferencesSection() {
  const { data, isPending, isError, refetch } = usePreferences();
  if (isPending) return <Spinner label="Loading preferences..." className="py-6" />;
  if (isError) {
    return (
      <SectionLoadError title="Preferences unavailable" onRetry={() => void refetch()}>
        Your preferences could not be loaded.
      </SectionLoadError>
    );
  }
  return <PreferencesForm preferences={data} />;
}

function ProfileContent({ user }: { user: CurrentUser }) {
  const { updateUser, signOut } = useAuth();
  const navigate = useNavigate();
  const profileQuery = useProfile();
  // The session already carries the profile's fields: show them until the profile arrives.
  const profile = profileQuery.data ?? user;

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading
        title="Your Profile"
        lead="Your name, avatar, listening preferences and learning statistics."
        className="mb-0"
      />
      <ProfileOverview profile={profile} onAvatarChanged={updateUser} />
      <Section id="profile-details" title="Profile">
        {/* Keyed so the form starts again from a name saved elsewhere. */}
        <ProfileNameForm
          key={profile.fullName ?? ''}
          profile={profile}
          onNameChanged={updateUser}
        />
      </Section>
      <Section id="profile-preferences" title="Preferences">
        <PreferencesSection />
      </Section>
      <Section id="profile-level" title="Your Level">
        <LevelCard />
      </Section>
      <Section id="profile-review" title="Review">
        <ReviewSummaryCard />
      </Section>
      <Section id="profile-statistics" title="Statistics">
        <StatisticsCard />
      </Section>
      <Section id="profile-progress" title="Your Progress">
        <ProgressCharts />
      </Section>
      <Section id="profile-achievements" title="Achievements">
        <AchievementsList />
      </Section>
      <Section id="profile-delete" title="Delete Account">
        <DeleteAccountSection
          onDeleted={async () => {
            await forgetDeletedAccount(user.id);
            await signOut({
              local: true,
              onSignedOut: () => void navigate('/', { replace: true }),
            });
          }}
        />
      </Section>
    </div>
  );
}

export default function ProfilePage() {
  const { status, user } = useAuth();
  useDocumentTitle('Your Profile');
  if (status === 'loading') return <Spinner className="py-24" />;
  // After signing in, the visitor comes back here (the sign-in page reads `from`).
  if (user === null) return <Navigate to="/auth" replace state={{ from: '/profile' }} />;
  return <ProfileContent user={user} />;
}
