import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  deviceOnDeletion,
  keptAfterDeletion,
  keptOnDevice,
  onSignOut,
  removedWithAccount,
} from '#shared/account-data';
import { PageHeading } from '#client/components/ui/page-heading';
import { useSiteIdentity } from '#client/lib/site-identity';

const linkClass = 'font-medium text-accent-ink underline underline-offset-4';

function PolicySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="space-y-3 text-ink-muted">{children}</div>
    </section>
  );
}

/** A bulleted list of texts from the catalogue, shown exactly as written. */
function TextList({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** /privacy: what we collect, why, how it is protected, and the rights you have. */
export function PrivacyPage() {
  const { name } = useSiteIdentity();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading
        title="Privacy Policy"
        lead="What we collect, why, how we protect it and the rights you have."
      />
      <div className="space-y-10">
        <PolicySection id="privacy-commitment" title="Our Commitment">
          <p>
            {name} exists to help you learn Spanish, not to collect data about you. We keep only
            what the service needs to work, we protect it, and we never sell it.
          </p>
        </PolicySection>

        <PolicySection id="privacy-collected" title="Information We Collect">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong className="text-ink">Email address</strong>, to sign you in, confirm your
              account and send password-reset links.
            </li>
            <li>
              <strong className="text-ink">Full name</strong>, given when you sign up.
            </li>
            <li>
              <strong className="text-ink">Profile information</strong>: your avatar, if you upload
              one, and your preferences (playback speed, auto-play, translations, language, theme).
            </li>
            <li>
              <strong className="text-ink">Learning data</strong>: your place and completion in each
              chapter, your listening sessions (which chapter, and how long you listened), bookmarks
              and their notes, the words and sentences you save with their review cards, your review
              history (every answer you give in Review) and review settings, words learned and
              achievements.
            </li>
            <li>
              <strong className="text-ink">Usage information</strong>: the IP address and browser of
              sign-ins and other security-relevant actions, error reports from the app, and the
              messages you send us through the contact form.
            </li>
          </ul>
        </PolicySection>

        <PolicySection id="privacy-device" title="On Your Device">
          <p>The app keeps some things in your browser, on each device you use it on:</p>
          <TextList items={keptOnDevice} />
          <p>{onSignOut}</p>
        </PolicySection>

        <PolicySection id="privacy-use" title="How We Use Your Information">
          <ul className="list-disc space-y-2 pl-5">
            <li>To run your account and keep your progress in step across your devices.</li>
            <li>To show your statistics, vocabulary progress and achievements.</li>
            <li>To answer your messages and fix problems you report.</li>
            <li>To protect the service: limiting repeated sign-in attempts and spotting abuse.</li>
          </ul>
        </PolicySection>

        <PolicySection id="privacy-security" title="Data Security">
          <p>
            Your data lives on our own server, in our own PostgreSQL database; no third-party
            backend service holds it. Passwords are never stored as typed: they are hashed with
            scrypt. Your session is kept in an httpOnly cookie that page scripts cannot read, and
            every new account must confirm its email address before it can sign in.
          </p>
        </PolicySection>

        <PolicySection id="privacy-payments" title="Payments">
          <p>
            Donations are optional. We never see or store card numbers: card payments are handled
            entirely by our payment provider, and wallet payments happen on the wallet provider’s
            own page. We keep only a record of each donation (amount, currency, date and status) so
            that your account receives lifetime supporter status.
          </p>
        </PolicySection>

        <PolicySection id="privacy-sharing" title="Data Sharing">
          <p>
            We do not sell, rent or trade your personal information. We share it only with the
            services needed to run {name} (the payment provider when you donate, and the email
            service that delivers our messages), or when the law requires it. If the site operator
            turns on analytics tags, those services receive information about page visits, and only
            on the public pages.
          </p>
        </PolicySection>

        <PolicySection id="privacy-deletion" title="Deleting Your Account">
          <p>Delete account in your profile removes from our server, for good:</p>
          <TextList items={Object.values(removedWithAccount)} />
          <p>We keep:</p>
          <TextList items={keptAfterDeletion} />
          <p>{deviceOnDeletion}</p>
        </PolicySection>

        <PolicySection id="privacy-rights" title="Your Rights">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong className="text-ink">Access and update</strong>: see and change your name,
              avatar and preferences in your{' '}
              <Link to="/profile" className={linkClass}>
                profile
              </Link>
              .
            </li>
            <li>
              <strong className="text-ink">Export</strong>: ask us for a copy of your data through
              the{' '}
              <Link to="/contact" className={linkClass}>
                contact form
              </Link>
              .
            </li>
            <li>
              <strong className="text-ink">Deletion</strong>: delete your account and its data
              yourself with Delete account in your profile (what it removes and what we keep is{' '}
              <a href="#privacy-deletion" className={linkClass}>
                listed above
              </a>
              ), or ask us to do it through the contact form.
            </li>
          </ul>
        </PolicySection>

        <PolicySection id="privacy-contact" title="Contact Us">
          <p>
            Questions about this policy or your data? Write to us through the{' '}
            <Link to="/contact" className={linkClass}>
              contact form
            </Link>{' '}
            and we will reply within 24 hours.
          </p>
        </PolicySection>

        <PolicySection id="privacy-changes" title="Changes to This Policy">
          <p>
            If we change how we handle your information, we will update this page before the change
            takes effect.
          </p>
        </PolicySection>
      </div>
    </div>
  );
}
