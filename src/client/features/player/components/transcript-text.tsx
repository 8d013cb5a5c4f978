import type { Transcript } from '#shared/transcript';
import { formatClock } from '#shared/format';

/** The transcript as plain reading text: each segment with its start time and translation. */
export function TranscriptText({ transcript }: { transcript: Transcript }) {
  if (transcript.segments.length === 0) {
    return <p className="text-ink-muted">No transcript segments available</p>;
  }
  return (
    <ol className="space-y-5">
      {transcript.segments.map((segment) => (
        <li key={segment.id} className="grid grid-cols-[3.5rem_1fr] gap-3">
          <span className="pt-1 text-sm text-ink-muted tabular-nums">
            <span className="sr-only">At </span>
            {formatClock(segment.start)}
          </span>
          <div>
            <p lang="es" className="font-serif text-lg leading-relaxed text-ink">
              {segment.text}
            </p>
            {segment.translation ? (
              <p lang="en" className="mt-1 text-ink-muted">
                {segment.translation}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
