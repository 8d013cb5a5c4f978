import { exactClipRange, type ClipRangeRule } from '#client/components/audio/clip-player';

/** A little of the audio before and after a saved sentence, so its edges are not cut. */
export const CLIP_LEAD_SECONDS = 0.1;
export const CLIP_TAIL_SECONDS = 0.2;

/**
 * Where a review card's sentence plays in its chapter: from a little before its start to a little
 * after its end, within the audio (a saved item's times are the line's, not cut for listening).
 */
export const reviewClipRange: ClipRangeRule = (clip, duration) =>
  exactClipRange(
    {
      ...clip,
      startSeconds: clip.startSeconds - CLIP_LEAD_SECONDS,
      endSeconds: clip.endSeconds + CLIP_TAIL_SECONDS,
    },
    duration,
  );
