import { useState } from 'react';
import { Notice } from '#client/components/ui/notice';
import { logClientError } from '#client/lib/error-log';
import { chapterAudioUrl } from '../api/get-chapter';

/** The browser's own audio controls; only metadata loads until the listener presses play. */
export function ChapterAudio({ chapterId, title }: { chapterId: string; title: string }) {
  const [failed, setFailed] = useState(false);
  const src = chapterAudioUrl(chapterId);
  if (failed) {
    return (
      <Notice tone="error" title="Audio Loading Failed" headingLevel={2}>
        The audio for this chapter could not be loaded. Check your connection and reload the page.
      </Notice>
    );
  }
  return (
    <audio
      controls
      preload="metadata"
      src={src}
      aria-label={`Audio: ${title}`}
      className="w-full"
      onError={() => {
        setFailed(true);
        logClientError({
          code: 'AUDIO_LOAD_ERROR',
          message: 'Chapter audio failed to load',
          context: { chapterId, src },
        });
      }}
    >
      Your browser cannot play this audio.
    </audio>
  );
}
