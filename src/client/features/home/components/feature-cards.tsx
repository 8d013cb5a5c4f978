import type { SiteImageKey } from '#shared/contracts/site';
import { IMAGE_SIZES } from '#shared/discover/images';
import { SiteImage } from '#client/components/site/site-image';
import { Card } from '#client/components/ui/card';
import { useSiteIdentity } from '#client/lib/site-identity';

const features: ReadonlyArray<{ title: string; text: string; image: SiteImageKey }> = [
  {
    title: 'Extensive Library',
    text: 'Stories at every level, from beginner to advanced, each told in short chapters you can finish in a few minutes.',
    image: 'feature_library',
  },
  {
    title: 'Everyday Vocabulary Mastery',
    text: 'Every story is built from the 2,000 most common Spanish words, so what you hear is what you will use.',
    image: 'feature_spanish',
  },
  {
    title: 'Interactive Audio',
    text: 'The transcript follows the narration word by word. Click a word to jump to it and see its translation.',
    image: 'feature_audio',
  },
  {
    title: 'Track Progress',
    text: 'Your place in every chapter is saved and synced across your devices, with the words you have learned.',
    image: 'feature_progress',
  },
];

/** The four feature cards, with images from the site settings. */
export function FeatureCards() {
  const { name } = useSiteIdentity();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
        Why Learn with {name}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <li key={feature.title} className="flex">
            <Card className="flex w-full flex-col overflow-hidden">
              <SiteImage
                imageKey={feature.image}
                width={IMAGE_SIZES.featureCard.w}
                height={IMAGE_SIZES.featureCard.h}
              />
              <div className="p-5">
                <h3 className="text-xl font-semibold">{feature.title}</h3>
                <p className="mt-2 text-ink-muted">{feature.text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
