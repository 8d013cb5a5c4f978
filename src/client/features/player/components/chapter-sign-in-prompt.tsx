import { Link, useLocation } from 'react-router';
import { Lock } from 'lucide-react';
import type { ChapterWithStory } from '#shared/contracts/stories';
import { IMAGE_SIZES } from '#shared/discover/images';
import { messages } from '#shared/messages';
import { withReturnPath } from '#shared/return-path';
import { LevelBadge } from '#client/components/story/story-badges';
import { StoryCover } from '#client/components/story/story-cover';
import { buttonClassName } from '#client/components/ui/button';

export const SIGN_IN_TO_LISTEN = 'Sign in to listen';

/**
 * A chapter of a story that needs an account, opened by a visitor (a shared link, a bookmark):
 * what the chapter is, and a way to sign in (or sign up) that comes back to it. Nothing here is
 * playable: the audio and transcript routes refuse visitors, so nothing asks them.
 */
export function ChapterSignInPrompt({ chapter }: { chapter: ChapterWithStory }) {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const { story } = chapter;
  const size = IMAGE_SIZES.playerPromptCover;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <article
        aria-labelledby="chapter-prompt-title"
        className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm sm:grid sm:grid-cols-[20rem_minmax(0,1fr)]"
      >
        <StoryCover imageUrl={story.imageUrl} width={size.w} height={size.h} priority />
        <div className="space-y-4 p-5 sm:p-6">
          <div className="space-y-1">
            <p className="text-sm font-medium tracking-wide text-ink-muted uppercase">
              <Link to={`/story/${story.slug}`} className="underline-offset-2 hover:underline">
                {story.title}
              </Link>
            </p>
            <h1 id="chapter-prompt-title" className="font-serif text-2xl font-semibold">
              {chapter.title}
            </h1>
            <p className="text-ink-muted">Chapter {chapter.position}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <LevelBadge level={story.level} />
          </div>
          <div className="rounded-xl bg-surface-muted p-4" role="note">
            <p className="flex items-center gap-2 font-semibold">
              <Lock aria-hidden="true" className="size-4" />
              {messages.auth.loginRequiredTitle}
            </p>
            <p className="mt-1 text-ink-muted">
              {messages.auth.signInToListen}. A free account is enough, and you come back to this
              chapter.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={withReturnPath('/auth', here)} className={buttonClassName({})}>
              {SIGN_IN_TO_LISTEN}
            </Link>
            <Link
              to={withReturnPath('/onboarding', here)}
              className={buttonClassName({ variant: 'secondary' })}
            >
              Create a free account
            </Link>
          </div>
        </div>
      </article>
    </div>
  );
}
