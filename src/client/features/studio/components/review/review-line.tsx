import { memo, useMemo, type RefObject } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import { cn } from '#client/lib/cn';
import { useSpokenWord } from '../../hooks/use-spoken-word';
import { isDoubtful } from '../../rules/doubtful';
import { sentencePieces } from '../../rules/sentence-pieces';

export interface ReviewLineProps {
  segment: TranscriptSegment;
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The sentence is playing: the word the audio is at is lit up. */
  playing: boolean;
}

/**
 * The Spanish sentence as written, its words marked: the one being spoken, and those whose timing
 * is doubtful (underlined), so a doubtful timing is seen against the audio.
 */
export const ReviewLine = memo(function ReviewLine({
  segment,
  audioRef,
  playing,
}: ReviewLineProps) {
  // Here, not higher up: a new word re-renders this line only.
  const spoken = useSpokenWord(audioRef, segment.words, playing);
  const pieces = useMemo(() => sentencePieces(segment), [segment]);
  return (
    <p
      lang="es"
      className="font-serif text-2xl leading-relaxed whitespace-pre-wrap text-ink sm:text-[1.7rem]"
    >
      {pieces.map((piece, index) => {
        if (piece.word === null) return piece.text;
        const doubtful = isDoubtful(segment.words[piece.word]?.confidence);
        return (
          <span
            key={index}
            data-spoken={piece.word === spoken ? '' : undefined}
            className={cn(
              'rounded-sm transition-colors duration-75',
              piece.word === spoken && 'bg-accent-soft text-accent-soft-ink',
              doubtful &&
                'underline decoration-level-advanced-ink decoration-wavy decoration-2 underline-offset-6',
            )}
          >
            {piece.text}
          </span>
        );
      })}
    </p>
  );
});
