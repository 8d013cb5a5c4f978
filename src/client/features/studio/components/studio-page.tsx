import { Link } from 'react-router';
import { buttonClassName } from '#client/components/ui/button';
import { Button } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { useDocumentTitle } from '#client/lib/document-title';
import { useStudioChapter } from '../api/get-studio-chapter';
import { StudioEditor } from './studio-editor';

/** /admin/chapters/:id/studio: the chapter's transcript studio, once the chapter is loaded. */
export function StudioPage({ chapterId }: { chapterId: string }) {
  const chapter = useStudioChapter(chapterId);
  useDocumentTitle(chapter.data ? `Studio: ${chapter.data.chapter.title}` : 'Transcript studio');

  if (chapter.isPending) return <Spinner label="Loading the chapter..." className="py-24" />;
  if (chapter.isError) {
    const missing = isApiError(chapter.error) && chapter.error.status === 404;
    return (
      <Notice
        tone="error"
        title={missing ? 'Chapter not found' : 'The chapter could not be loaded'}
        action={
          missing ? (
            <Link
              to="/admin/content"
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              Back to content
            </Link>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void chapter.refetch()}>
              Try again
            </Button>
          )
        }
      >
        {missing
          ? 'This chapter does not exist, or it was removed.'
          : 'The server could not be reached or failed. Your work on other chapters is not affected.'}
      </Notice>
    );
  }
  return <StudioEditor key={chapterId} chapterId={chapterId} chapter={chapter.data} />;
}
