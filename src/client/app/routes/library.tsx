import { PageHeading } from '#client/components/ui/page-heading';
import { useStories } from '#client/features/stories/api/get-stories';
import { LibraryStory } from '#client/features/stories/components/library-story';
import {
  StoriesEmpty,
  StoriesError,
  StoriesLoading,
} from '#client/features/stories/components/stories-status';
import { useDocumentTitle } from '#client/lib/document-title';

export default function LibraryPage() {
  useDocumentTitle('Library');
  const { data: stories, isPending, isError, refetch } = useStories();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeading
        title="Story Library"
        lead="Every story, from beginner to advanced. Choose a chapter and listen."
      />
      {isPending ? (
        <StoriesLoading />
      ) : isError ? (
        <StoriesError headingLevel={2} onRetry={() => void refetch()} />
      ) : stories.length === 0 ? (
        <StoriesEmpty headingLevel={2} />
      ) : (
        <ul className="flex flex-col gap-6">
          {stories.map((story, index) => (
            <li key={story.id}>
              <LibraryStory story={story} eagerCover={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
