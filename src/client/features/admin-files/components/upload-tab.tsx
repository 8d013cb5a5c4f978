import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { useUploadQueue, type BatchOutcome, type CardKind } from '../hooks/use-upload-queue';
import { mixedBatchText } from '../utils/batch-outcome-text';
import { FileManager } from './file-manager';
import { UploadCard } from './upload-card';
import { subTabContentClass, subTabListClass, subTabTriggerClass } from './sub-tabs';

const cards: { kind: CardKind; title: string; description: string; pickLabel: string }[] = [
  {
    kind: 'audio',
    title: 'Audio Files',
    description: 'Chapter audio: MP3, WAV or M4A.',
    pickLabel: 'Choose audio files',
  },
  {
    kind: 'transcript',
    title: 'Transcripts',
    description: 'Timed transcripts: JSON or timestamped text (.json, .txt).',
    pickLabel: 'Choose transcripts',
  },
  {
    kind: 'image',
    title: 'Images',
    description: 'Covers and pictures: JPEG, PNG, WebP or GIF.',
    pickLabel: 'Choose images',
  },
  {
    kind: 'general',
    title: 'General File Upload',
    description: 'Other files: images, audio, PDF, text or JSON.',
    pickLabel: 'Choose files',
  },
];

type View = 'upload' | 'manage';

/**
 * Upload tab ('Content Upload'): the four upload cards, and Manage Files after a batch that
 * stored every file. A batch with a refusal stays on the cards, where its refusals are listed (a
 * PNG among MP3s was never seen once the view moved on), and says what of it was stored.
 */
export function UploadTab() {
  const [view, setView] = useState<View>('upload');
  const [mixed, setMixed] = useState<string | null>(null);
  const onBatchDone = useCallback((outcome: BatchOutcome) => {
    const title = cards.find((card) => card.kind === outcome.card)!.title;
    setMixed(mixedBatchText(outcome, title));
    if (outcome.stored > 0 && outcome.refused === 0) setView('manage');
  }, []);
  const { queues, addFiles, clearFinished } = useUploadQueue(onBatchDone);

  return (
    <section aria-labelledby="content-upload-heading" className="space-y-5">
      <div>
        <h2 id="content-upload-heading" className="text-2xl font-semibold">
          Content Upload
        </h2>
        <p className="mt-1 text-ink-muted">
          Upload audio, transcripts and images, then link them to chapters in Associate.
        </p>
      </div>
      <Tabs.Root value={view} onValueChange={(value) => setView(value as View)}>
        <Tabs.List aria-label="Upload views" className={subTabListClass}>
          <Tabs.Trigger value="upload" className={subTabTriggerClass}>
            Upload Files
          </Tabs.Trigger>
          <Tabs.Trigger value="manage" className={subTabTriggerClass}>
            Manage Files
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upload" className={subTabContentClass}>
          {/* Always there, so that a screen reader announces the notice when it appears. */}
          <div role="status">
            {mixed ? (
              <Notice
                title="Not Every File Was Uploaded"
                headingLevel={3}
                className="mb-4"
                action={
                  <>
                    <Button size="sm" onClick={() => setView('manage')}>
                      Open Manage Files
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setMixed(null)}>
                      Dismiss
                    </Button>
                  </>
                }
              >
                {mixed}
              </Notice>
            ) : null}
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {cards.map((card) => (
              <UploadCard
                key={card.kind}
                {...card}
                items={queues[card.kind]}
                onFiles={(files) => void addFiles(card.kind, files)}
                onClear={() => clearFinished(card.kind)}
              />
            ))}
          </div>
        </Tabs.Content>
        <Tabs.Content value="manage" className={subTabContentClass}>
          <FileManager />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
