import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Headphones,
  HeartHandshake,
  MessageCircle,
  PlayCircle,
  Rocket,
  UserCog,
} from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PageHeading } from '#client/components/ui/page-heading';
import { useSiteIdentity } from '#client/lib/site-identity';

const linkClass = 'font-medium text-accent-ink underline underline-offset-4';

function HelpCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-6">
      <section aria-label={title}>
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">
            {icon}
          </span>
          <h2 className="text-2xl font-semibold">{title}</h2>
        </div>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-ink-muted marker:text-accent-ink">
          {children}
        </ul>
      </section>
    </Card>
  );
}

const iconClass = 'size-5';

/** /help: four help cards, the demo player, and the ways to more help. */
export function HelpPage() {
  const { name } = useSiteIdentity();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading
        title="Help Center"
        lead="Everything you need to start listening, learn with the audio and manage your account."
      />

      <div className="grid gap-6 md:grid-cols-2">
        <HelpCard
          icon={<Rocket aria-hidden="true" className={iconClass} />}
          title="Getting Started"
        >
          <li>
            Open the{' '}
            <Link to="/library" className={linkClass}>
              Story Library
            </Link>{' '}
            and pick a story at your level: Beginner, Intermediate or Advanced.
          </li>
          <li>
            One featured story is open to everyone. A free account unlocks every other story and
            saves your progress.
          </li>
          <li>
            Create an account with your name, email and a password, then confirm it with the link we
            email you.
          </li>
          <li>Each story is built from the 2,000 most common Spanish words.</li>
        </HelpCard>

        <HelpCard
          icon={<Headphones aria-hidden="true" className={iconClass} />}
          title="Audio Learning"
        >
          <li>The transcript highlights each word as the narrator says it.</li>
          <li>
            Click a word to jump the audio to it and see its translation; each line has its own
            translate button, and on a computer you can select text to translate it.
          </li>
          <li>
            Change the speed from 0.5× to 2×, skip back or forward 10 seconds, and adjust the text
            size and reading colours (light, sepia or dark).
          </li>
          <li>Save bookmarks with notes to come back to a passage later.</li>
        </HelpCard>

        <HelpCard
          icon={<UserCog aria-hidden="true" className={iconClass} />}
          title="Account Management"
        >
          <li>
            Your{' '}
            <Link to="/profile" className={linkClass}>
              profile
            </Link>{' '}
            holds your name, avatar, preferences (playback speed, auto-play, translations, language,
            theme) and statistics.
          </li>
          <li>
            Lost your password? Use “Forgot your password?” on the{' '}
            <Link to="/auth" className={linkClass}>
              sign-in page
            </Link>{' '}
            to get a reset link.
          </li>
          <li>Your listening position is saved as you go and synced across your devices.</li>
          <li>You can delete your account, and all its data, from your profile.</li>
        </HelpCard>

        <HelpCard
          icon={<HeartHandshake aria-hidden="true" className={iconClass} />}
          title={`Supporting ${name}`}
        >
          <li>{name} is free to use. Donations keep new stories coming.</li>
          <li>
            Choose an amount on the home page (or any amount from $1); you need an account first.
          </li>
          <li>Every donation gives your account lifetime supporter status.</li>
          <li>Card details are handled by the payment provider; we never store them.</li>
        </HelpCard>
      </div>

      <Card className="mt-6 flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold">Try the player first</h2>
          <p className="mt-1 text-ink-muted">
            A short sample story shows how the audio, transcript and translations work together.
          </p>
        </div>
        <Link
          to="/demo"
          className={buttonClassName({ variant: 'secondary', className: 'shrink-0' })}
        >
          <PlayCircle aria-hidden="true" className="size-5" />
          Open the Demo Player
        </Link>
      </Card>

      <div className="mt-12 rounded-2xl border border-line bg-surface-muted px-6 py-8 text-center">
        <h2 className="text-2xl font-semibold">Still need help?</h2>
        <p className="mt-2 text-ink-muted">
          Read the answers to common questions, or send us a message.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/contact" className={buttonClassName()}>
            <MessageCircle aria-hidden="true" className="size-5" />
            Contact Us
          </Link>
          <Link to="/faq" className={buttonClassName({ variant: 'secondary' })}>
            Read the FAQ
          </Link>
        </div>
      </div>
    </div>
  );
}
