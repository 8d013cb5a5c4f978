import { Check, Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useSaveItem } from '#client/lib/api/saved-items/saved-items';
import { saveFailed } from './saved-items-texts';

/** The word popup's Save: keeps the word with its sentence; says "Saved" once it is. */
export function SaveWordButton({
  chapterId,
  segmentId,
  wordId,
  word,
  saved,
}: {
  chapterId: string;
  segmentId: string;
  wordId: string;
  word: string;
  saved: boolean;
}) {
  const save = useSaveItem();
  const done = saved || save.isSuccess;
  if (done) {
    return (
      <p
        className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-ink"
        role="status"
      >
        <Check aria-hidden="true" className="size-4" />
        Saved
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={save.isPending}
      aria-label={`Save “${word}” to My words`}
      onClick={() =>
        save.mutate({ kind: 'word', chapterId, segmentId, wordId }, { onError: saveFailed })
      }
    >
      <Plus aria-hidden="true" className="size-4" />
      Save
    </Button>
  );
}
