import { useParams } from 'react-router';
import { StoryPage } from '#client/features/stories/components/story-page';

export default function StoryRoute() {
  const { slug = '' } = useParams();
  // Keyed by slug: moving to another story starts from a clean page.
  return <StoryPage key={slug} slug={slug} />;
}
