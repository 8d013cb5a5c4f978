import type { ReactNode } from 'react';
import { ContinueListening } from './continue-listening';
import { FeatureCards } from './feature-cards';
import { FeaturedStory } from './featured-story';
import { Hero } from './hero';
import { SupportSlot } from './support-slot';
import { TutorialCarousel } from './tutorial-carousel';

/**
 * /: continue listening (a returning learner's first thing, above the fold, on the hero's
 * background), hero, featured story, features, tutorial, support.
 */
export function HomePage({ support }: { support: ReactNode }) {
  return (
    <>
      <Hero lead={<ContinueListening />} />
      <FeaturedStory />
      <FeatureCards />
      <TutorialCarousel />
      <SupportSlot>{support}</SupportSlot>
    </>
  );
}
