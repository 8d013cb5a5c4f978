/**
 * The alignment engine (decision 021): the transcript spoken by eSpeak, both signals described by
 * normalised MFCCs, a coarse warping of the whole chapter that places every sentence, a fine
 * warping of each sentence, then boundaries moved onto the pauses and rises of the recording
 * (sentence-timing.ts). Fails with an AlignmentError a person can act on, or with the signal's
 * AbortError when cancelled.
 */
import type { Transcript } from '#shared/transcript';
import type { RecordingEvidence } from './boundaries.ts';
import { coarseAlign, holdsOverSound, type CoarseInput } from './coarse.ts';
import { typicalDistance } from './confidence.ts';
import { computeCepstraInSlices, melCeiling } from './features.ts';
import { createYielder } from './event-loop.ts';
import { alignSentence, type SentenceAlignment } from './fine.ts';
import { saysSomethingElse } from './mismatch.ts';
import { alignmentFeatures } from './normalise.ts';
import { speakWithFreshEspeak } from './espeak-reference.ts';
import { buildReference, type SpeakSentence } from './reference.ts';
import { sentenceTiming } from './sentence-timing.ts';
import { holdCosts, skipCosts, unrelatedDistance, unrelatedSkip } from './skip-cost.ts';
import { timedTranscript, type SentenceTiming } from './timing.ts';
import {
  AlignmentError,
  type AlignmentInput,
  type AlignmentOutput,
  type AlignTranscript,
} from './types.ts';
import { depthsOf, detectSpeech, findPauses, signalLevels, speechFrames } from './vad.ts';

const hasLetter = /\p{L}/u;
/** Less than this much sound cannot be a spoken text. */
const MIN_SPEECH_FRAMES = 30;
/** Silence this long (frames) is a pause between phrases, not a closure inside a word. */
const MIN_PAUSE_FRAMES = 10;
function hasWords(transcript: Transcript): boolean {
  return transcript.segments.some((s) => s.words.some((w) => hasLetter.test(w.text)));
}

/** `openSpeaker` gives each alignment its reference voice (a fresh one, so runs are repeatable). */
export function createAlignTranscript(openSpeaker: () => SpeakSentence): AlignTranscript {
  return async (input: AlignmentInput): Promise<AlignmentOutput> => {
    const speak = openSpeaker();
    const { transcript, samples, sampleRate, signal } = input;
    const progress = input.onProgress ?? (() => undefined);
    const yieldNow = createYielder();
    if (!hasWords(transcript)) {
      throw new AlignmentError('no-words', 'The text has no Spanish words to place.');
    }
    signal?.throwIfAborted();
    const ceiling = melCeiling(sampleRate);
    const recordingCepstra = await computeCepstraInSlices(
      samples,
      sampleRate,
      ceiling,
      async (done, total) => {
        signal?.throwIfAborted();
        progress('Analysing the recording', (0.2 * done) / total);
        await yieldNow();
      },
    );
    const activity = detectSpeech(recordingCepstra.energyDb);
    if (
      !signalLevels(recordingCepstra.energyDb).hasDynamics ||
      speechFrames(activity) < MIN_SPEECH_FRAMES
    ) {
      throw new AlignmentError('no-speech', 'The recording has no speech.');
    }
    const recording = alignmentFeatures(recordingCepstra, activity);
    const evidence: RecordingEvidence = {
      samples,
      sampleRate,
      activity,
      pauses: findPauses(activity.speech, MIN_PAUSE_FRAMES),
    };

    const depths = depthsOf(activity);
    const reference = await buildReference(transcript, {
      speak,
      ceiling,
      depths,
      signal,
      onSentence: async (done, total) => {
        progress('Speaking the text', 0.2 + (0.5 * done) / total);
        await yieldNow();
      },
    });
    const referenceActivity = detectSpeech(reference.cepstra.energyDb, depths);
    const referenceFeatures = alignmentFeatures(reference.cepstra, referenceActivity);
    signal?.throwIfAborted();
    const coarseInput: CoarseInput = {
      reference: referenceFeatures,
      referenceWeight: referenceActivity.weight,
      recording,
      recordingWeight: activity.weight,
      recordingSpeech: activity.speech,
    };
    // Placed letting the narrator pause anywhere (words said one by one); but a path that holds
    // one reference frame over seconds of sound has matched music, not a pause: placed again
    // without holds then.
    const held = coarseAlign(
      coarseInput,
      (done, total) => progress('Placing the sentences', 0.7 + (0.1 * done) / total),
      true,
    );
    await yieldNow();
    progress('Checking the text against the recording', 0.8);
    if (input.checkText !== false && saysSomethingElse(coarseInput, reference.sentences, held)) {
      throw new AlignmentError('mismatch', 'The recording does not say this text.');
    }
    const coarse = holdsOverSound(held, activity.speech) ? coarseAlign(coarseInput) : held;
    await yieldNow();
    const prices = unrelatedSkip(
      unrelatedDistance(referenceFeatures, referenceActivity.weight, recording, activity.weight),
    );
    const skipCost = skipCosts(activity.weight, prices);
    const holdCost = holdCosts(activity.weight, (k) => activity.speech[k] === 0, prices);
    const fine: SentenceAlignment[] = [];
    for (const [i, sentence] of reference.sentences.entries()) {
      signal?.throwIfAborted();
      fine.push(
        alignSentence(
          sentence,
          referenceFeatures,
          recording,
          coarse,
          skipCost,
          holdCost,
          activity.speech,
        ),
      );
      progress('Aligning the words', 0.9 + (0.08 * (i + 1)) / reference.sentences.length);
      await yieldNow();
    }
    const typical = typicalDistance(fine.map((f) => f.path));
    const timings: (SentenceTiming | null)[] = transcript.segments.map(() => null);
    reference.sentences.forEach((sentence, i) => {
      const aligned = fine[i];
      if (aligned) timings[sentence.segment] = sentenceTiming(sentence, aligned, evidence, typical);
    });
    const timed = timedTranscript(transcript, timings, samples.length / sampleRate);
    progress('Done', 1);
    const firstTimed = timed.segments.find((s) => s.words.length > 0);
    return { transcript: timed, leadingNonSpeechSeconds: firstTimed?.start ?? 0 };
  };
}

/** The engine with eSpeak NG as the reference voice, a fresh eSpeak for each alignment. */
export const alignTranscript: AlignTranscript = createAlignTranscript(speakWithFreshEspeak);
