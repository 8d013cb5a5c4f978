import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { useUploadQueue, type CardKind } from '../hooks/use-upload-queue';
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

/** Upload tab ('Content Upload'): the four upload cards, and Manage Files after any upload. */
export function UploadTab() {
  const [view, setView] = useState<View>('upload');
  const showManage = useCallback(() => setView('manage'), []);
  const { queues, addFiles, clearFinished } = useUploadQueue(showManage);

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
