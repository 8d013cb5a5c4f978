/**
 * Conditions derived from the demo chapters (content/generated): the chapter re-synthesised
 * (another voice, faster, slower, departing from its text; true times from the synthesis) or its
 * audio transformed (formants, tempo, noise, reverberation, an intro; true times from its
 * transcript, scaled or shifted).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeAudio } from '#server/lib/audio/index';
import { synthesizeSentence, type SpeechSettings } from '#server/lib/speech/index';
import { tokenizeWords, type WordToken } from '#shared/studio/words';
import { transcriptSchema } from '#shared/transcript';
import {
  generatedDir,
  LEAD_IN_SECONDS,
  SENTENCE_PAUSE_SECONDS,
  speechByLevel,
  storiesDir,
  TAIL_SECONDS,
} from '../content/config.ts';
import { manifestSchema } from '../content/manifest.ts';
import { loadStories, type SourceSentence } from '../content/source.ts';
import { concatPcm, filterPcm, fromInt16, generatePcm, silence, type Pcm } from './eval-audio.ts';
import { addPinkNoise, addReverb, introTuneSource } from './eval-effects.ts';
import type { TrueWord } from './eval-truth.ts';
import { pick, seededRandom, seedOf } from './prng.ts';

export const SPEECH_RATE = 22_050;

/** Sentences to narrate: a demo chapter, or a part of one or of a studio story. */
export interface TextSource {
  /** e.g. `el-paraguas-rojo-2`, `nunca-es-tarde-2:13-24`. */
  name: string;
  sentences: readonly Pick<SourceSentence, 'text'>[];
  /** The voice it is published with (the demo's settings for its level). */
  speech: SpeechSettings;
}

export interface DemoChapter extends TextSource {
  sentences: SourceSentence[];
  audioPath: string;
  transcriptPath: string;
}

export async function loadDemoChapters(): Promise<DemoChapter[]> {
  const manifest = manifestSchema.parse(
    JSON.parse(await readFile(path.join(generatedDir, 'manifest.json'), 'utf8')),
  );
  const sources = new Map((await loadStories(storiesDir)).map(({ story }) => [story.slug, story]));
  return manifest.stories.flatMap((story) =>
    story.chapters.map((chapter) => {
      const source = sources.get(story.slug)?.chapters[chapter.position - 1];
      if (!source) throw new Error(`${story.slug} chapter ${chapter.position} has no source`);
      return {
        name: `${story.slug}-${chapter.position}`,
        sentences: source.sentences,
        speech: speechByLevel[story.level],
        audioPath: path.join(generatedDir, chapter.audio),
        transcriptPath: path.join(generatedDir, chapter.transcript),
      };
    }),
  );
}

/** The text given to the aligner: the chapter's sentences, one a line, as an author would paste it. */
export const chapterText = (chapter: TextSource) =>
  `${chapter.sentences.map((sentence) => sentence.text).join('\n')}\n`;

export interface EvalRecording {
  pcm: Pcm;
  words: TrueWord[];
  /**
   * The same timeline before anything masked it (noise, music, reverberation): where the truth is
   * checked against the sound. Absent: the recording itself is checked.
   */
  clean?: Pcm;
}

/** The published chapter: its audio and the word starts of its transcript. */
export async function publishedChapter(chapter: DemoChapter): Promise<EvalRecording> {
  const audio = await decodeAudio(chapter.audioPath, { sampleRate: SPEECH_RATE });
  const transcript = transcriptSchema.parse(
    JSON.parse(await readFile(chapter.transcriptPath, 'utf8')),
  );
  return {
    pcm: { samples: audio.samples, sampleRate: SPEECH_RATE },
    words: transcript.segments.flatMap((segment) =>
      segment.words.map((word) => ({ text: word.text, start: word.start })),
    ),
  };
}

/** How the narration of one sentence departs from its text. */
export type Departure =
  | { kind: 'filler'; before: number; filler: string }
  | { kind: 'skip'; word: number }
  | { kind: 'change'; word: number; into: string };

/**
 * What the narrator says for a sentence, and for each of the text's words the index of the spoken
 * word that is it (null: not said as written).
 */
export function narrate(text: string, tokens: WordToken[], departure: Departure | null) {
  const same = tokens.map((_, i) => i as number | null);
  if (!departure) return { spoken: text, spokenIndexOf: same };
  if (departure.kind === 'filler') {
    const at = tokens[departure.before]!.start;
    const inserted = tokenizeWords(departure.filler).length;
    return {
      spoken: `${text.slice(0, at)}${departure.filler}, ${text.slice(at)}`,
      spokenIndexOf: same.map((i) => (i! >= departure.before ? i! + inserted : i)),
    };
  }
  const token = tokens[departure.word]!;
  if (departure.kind === 'skip') {
    const end = tokens[departure.word + 1]?.start ?? token.end;
    return {
      spoken: `${text.slice(0, token.start)}${text.slice(end)}`,
      spokenIndexOf: same.map((i) =>
        i === departure.word ? null : i! > departure.word ? i! - 1 : i,
      ),
    };
  }
  return {
    spoken: `${text.slice(0, token.start)}${departure.into}${text.slice(token.end)}`,
    spokenIndexOf: same.map((i) => (i === departure.word ? null : i)),
  };
}

const FILLERS = ['pues', 'bueno', 'eh', 'este', 'o sea'];
const REPLACEMENTS = ['cosa', 'gente', 'tarde', 'mesa', 'grande', 'nuevo', 'siempre', 'luego'];

/**
 * About a quarter of the sentences of three words or more depart from the text (`rate` scales
 * that share): a filler before a word (the first one too), a word left out, or a word said
 * differently (never the first word, so every sentence's start stays defined).
 */
export function departuresFor(
  chapter: TextSource,
  rate = 1,
  seedName = `departures:${chapter.name}`,
): (Departure | null)[] {
  const random = seededRandom(seedOf(seedName));
  return chapter.sentences.map((sentence) => {
    const tokens = tokenizeWords(sentence.text);
    const r = random();
    const inner = 1 + Math.floor(random() * (tokens.length - 1));
    if (tokens.length < 3) return null;
    if (r < 0.1 * rate)
      return { kind: 'filler', before: random() < 0.5 ? 0 : inner, filler: pick(random, FILLERS) };
    if (r < 0.17 * rate) return { kind: 'skip', word: inner };
    if (r < 0.25 * rate) {
      const original = tokens[inner]!.text.toLowerCase();
      const into = pick(
        random,
        REPLACEMENTS.filter((word) => word !== original),
      );
      return { kind: 'change', word: inner, into };
    }
    return null;
  });
}

/**
 * The chapter spoken again with other settings, laid out as the demo build does (lead-in, pauses,
 * tail), optionally departing from the text; true times from eSpeak's own word events.
 */
export async function resynthesized(
  chapter: TextSource,
  speech: SpeechSettings,
  departures: (Departure | null)[] = [],
): Promise<EvalRecording> {
  const parts: Float32Array[] = [silence(LEAD_IN_SECONDS, SPEECH_RATE)];
  let cursor = parts[0]!.length;
  const words: TrueWord[] = [];
  for (const [s, sentence] of chapter.sentences.entries()) {
    if (s > 0) {
      parts.push(silence(SENTENCE_PAUSE_SECONDS, SPEECH_RATE));
      cursor += parts.at(-1)!.length;
    }
    const tokens = tokenizeWords(sentence.text);
    const { spoken, spokenIndexOf } = narrate(sentence.text, tokens, departures[s] ?? null);
    const spokenTokens = tokenizeWords(spoken);
    const result = await synthesizeSentence(spoken, spokenTokens, speech);
    tokens.forEach((token, i) => {
      const index = spokenIndexOf[i];
      const said = index === null || index === undefined ? undefined : result.words[index];
      if (index !== null && index !== undefined && spokenTokens[index]?.text !== token.text) {
        throw new Error(
          `${chapter.name} sentence ${s + 1}: spoken word ${index} is not "${token.text}"`,
        );
      }
      words.push({
        text: token.text,
        start: said?.spoken ? (cursor + said.startSample) / SPEECH_RATE : null,
      });
    });
    parts.push(fromInt16(result.samples));
    cursor += result.samples.length;
  }
  parts.push(silence(TAIL_SECONDS, SPEECH_RATE));
  return { pcm: { samples: concatPcm(parts), sampleRate: SPEECH_RATE }, words };
}

export const scaled = (words: TrueWord[], factor: number, shift = 0): TrueWord[] =>
  words.map((word) => ({
    ...word,
    start: word.start === null ? null : word.start * factor + shift,
  }));

export interface DemoCondition {
  id: string;
  description: string;
  /** What its recordings vary, for the manifest. */
  params: string;
  make: (chapter: DemoChapter) => Promise<EvalRecording>;
}

/** Rubber Band with its short window and crisp transients: onsets smear by ~6 ms, not ~14. */
export const RUBBERBAND = 'window=short:transients=crisp';
const STRETCH = 1.25;

export const demoConditions: DemoCondition[] = [
  {
    id: 'voice',
    params: "eSpeak es-419+f4, the level's speed and pitch",
    description:
      'Re-synthesised with another eSpeak voice: Latin American Spanish, female variant (es-419+f4).',
    make: (chapter) => resynthesized(chapter, { ...chapter.speech, voice: 'es-419+f4' }),
  },
  {
    id: 'fast',
    params: 'eSpeak speed ×1.4',
    description: 'Re-synthesised 40% faster (eSpeak speed ×1.4, about 200 words a minute).',
    make: (chapter) =>
      resynthesized(chapter, { ...chapter.speech, speed: Math.round(chapter.speech.speed * 1.4) }),
  },
  {
    id: 'slow',
    params: 'eSpeak speed ×0.7',
    description: 'Re-synthesised 30% slower (eSpeak speed ×0.7, about 100 words a minute).',
    make: (chapter) =>
      resynthesized(chapter, { ...chapter.speech, speed: Math.round(chapter.speech.speed * 0.7) }),
  },
  {
    id: 'formants',
    params: 'Rubber Band pitch ×1.25, formants shifted',
    description:
      'The published audio with pitch and formants raised by a quarter (Rubber Band, pitch ×1.25, formants shifted): another vocal tract.',
    make: async (chapter) => {
      const { pcm, words } = await publishedChapter(chapter);
      const samples = await filterPcm(pcm, `rubberband=pitch=1.25:formant=shifted:${RUBBERBAND}`);
      return { pcm: { samples, sampleRate: SPEECH_RATE }, words };
    },
  },
  {
    id: 'stretched',
    params: 'Rubber Band tempo ×0.8 (length ×1.25)',
    description: `The published audio time-stretched to ${STRETCH}× its length at the same pitch (Rubber Band); true times scaled by ${STRETCH}.`,
    make: async (chapter) => {
      const { pcm, words } = await publishedChapter(chapter);
      const samples = await filterPcm(pcm, `rubberband=tempo=${1 / STRETCH}:${RUBBERBAND}`);
      return { pcm: { samples, sampleRate: SPEECH_RATE }, words: scaled(words, STRETCH) };
    },
  },
  {
    id: 'noise',
    params: 'pink noise, SNR 12 dB, seed noise:<chapter>',
    description:
      'The published audio with pink noise at 12 dB below the speech level (SNR 12 dB), through the pauses too.',
    make: async (chapter) => {
      const { pcm, words } = await publishedChapter(chapter);
      return {
        pcm: {
          samples: addPinkNoise(pcm, 12, seedOf(`noise:${chapter.name}`)),
          sampleRate: SPEECH_RATE,
        },
        words,
        clean: pcm,
      };
    },
  },
  {
    id: 'reverb',
    params: 'RT60 0.6 s, direct/reverberant 3 dB',
    description:
      'The published audio in an ordinary room: early reflections and a velvet-noise tail, RT60 0.6 s, the direct sound 3 dB above the reverberation.',
    make: async (chapter) => {
      const { pcm, words } = await publishedChapter(chapter);
      return {
        pcm: {
          samples: addReverb(
            pcm,
            { rt60: 0.6, directToReverberantDb: 3 },
            seedOf(`reverb:${chapter.name}`),
          ),
          sampleRate: SPEECH_RATE,
        },
        words,
        clean: pcm,
      };
    },
  },
  {
    id: 'intro-music',
    params: 'dev tune 10–20 s, seed intro:<chapter>',
    description:
      'The published audio after 10–20 s of a synthesised tune (melody, fifth and drone, faded out) and a second of silence; true times shifted.',
    make: async (chapter) => {
      const { pcm, words } = await publishedChapter(chapter);
      const variant = seedOf(`intro:${chapter.name}`);
      const seconds = 10 + (variant % 1000) / 100;
      const tune = await generatePcm(
        introTuneSource(seconds, SPEECH_RATE, variant % 12),
        SPEECH_RATE,
      );
      const gap = silence(1, SPEECH_RATE);
      const shift = (tune.length + gap.length) / SPEECH_RATE;
      return {
        pcm: { samples: concatPcm([tune, gap, pcm.samples]), sampleRate: SPEECH_RATE },
        words: scaled(words, 1, shift),
        clean: {
          samples: concatPcm([new Float32Array(tune.length), gap, pcm.samples]),
          sampleRate: SPEECH_RATE,
        },
      };
    },
  },
  {
    id: 'departures',
    params: 'departures ×1, seed departures:<chapter>',
    description:
      'Re-synthesised narration that departs from the text in about a quarter of the sentences: a filler inserted ("pues", "bueno", "eh", "este", "o sea"), a word left out, or a word changed; the truth is the words both share.',
    make: (chapter) => resynthesized(chapter, chapter.speech, departuresFor(chapter)),
  },
];
