/**
 * The conditions of the evaluation set and, for each, how its dev and its held-out recordings are
 * made (content/eval/README.md). Dev recordings narrate the demo chapters (content/generated);
 * held-out ones narrate the studio stories (content/studio-stories), whose sentences appear nowhere
 * in dev, with other voices, seeds and parameter values than dev's.
 *
 * Order matters: eSpeak keeps state between sentences, so a part is always built in this order in
 * a fresh process, and conditions added later go after the others (dev's files stay as they were).
 */
import { synthesizeSentence, type SpeechSettings } from '#server/lib/speech/index';
import { tokenizeWords } from '#shared/studio/words';
import { speechByLevel } from '../content/config.ts';
import { synthesizeTune, type Tune } from '../content/studio-stories/intro-tune.ts';
import { loadStudioStories } from '../content/studio-stories/plan.ts';
import { concatPcm, filterPcm, fromInt16, generatePcm, silence, type Pcm } from './eval-audio.ts';
import {
  chapterText,
  demoConditions,
  departuresFor,
  resynthesized,
  RUBBERBAND,
  scaled,
  SPEECH_RATE,
  type DemoChapter,
  type EvalRecording,
  type TextSource,
} from './eval-demo.ts';
import {
  addNoiseAt,
  addPinkNoise,
  addReverb,
  babble,
  brownNoise,
  introTuneSource,
  mixMusic,
  normalisePeak,
  type Room,
} from './eval-effects.ts';
import {
  colombianDictated,
  colombianWords,
  DRASCULA_DEV,
  DRASCULA_HELD_OUT,
  drasculaPassage,
  klettresDictated,
} from './eval-human-held-out.ts';
import { humanPassages, humanWords, humanWordsDictated, type HumanItem } from './eval-human.ts';
import type { EvalKind } from './eval-set.ts';
import type { TrueWord } from './eval-truth.ts';
import { seededRandom, seedOf } from './prng.ts';

/** One recording to make: its name, where its words come from, what was done, and how. */
export interface Recipe {
  name: string;
  source: string;
  params: string;
  make: () => Promise<{ recording: EvalRecording; text: string }>;
}

export interface ConditionPlan {
  id: string;
  kind: EvalKind;
  description: string;
  dev: Recipe[];
  heldOut: Recipe[];
}

export interface PlanInputs {
  chapters: DemoChapter[];
  /** Allison Smith's prompts (Asterisk). */
  asteriskSounds: string;
  /** The unpacked Debian packages of the held-out voices. */
  voicesDir: string;
}

const SENTENCES_PER_EXCERPT = 12;

/** A stretch of consecutive sentences of a chapter: a recording of about a minute. */
function excerpt(source: TextSource, from: number): TextSource {
  const sentences = source.sentences.slice(from, from + SENTENCES_PER_EXCERPT);
  return {
    name: `${source.name}-s${from + 1}-${from + sentences.length}`,
    sentences,
    speech: source.speech,
  };
}

/** Every full excerpt of the chapters, in turn across chapters (so neighbours differ). */
function excerptsOf(chapters: readonly TextSource[]): TextSource[] {
  const perChapter = chapters.map((chapter) =>
    Array.from({ length: Math.floor(chapter.sentences.length / SENTENCES_PER_EXCERPT) }, (_, k) =>
      excerpt(chapter, k * SENTENCES_PER_EXCERPT),
    ),
  );
  const out: TextSource[] = [];
  for (let k = 0; perChapter.some((list) => k < list.length); k++) {
    for (const list of perChapter) {
      const item = list[k];
      if (item) out.push(item);
    }
  }
  return out;
}

/** The studio stories' chapters, spoken with the demo's voice for their level. */
async function studioChapters(): Promise<TextSource[]> {
  return (await loadStudioStories()).flatMap(({ story }) =>
    story.chapters.map((chapter, c) => ({
      name: `${story.slug}-${c + 1}`,
      sentences: chapter.sentences,
      speech: speechByLevel[story.level],
    })),
  );
}

/** Hands out excerpts in turn, so each recording of a part narrates other sentences than the last. */
function excerptDealer(excerpts: readonly TextSource[], offset: number) {
  let next = offset;
  return () => excerpts[next++ % excerpts.length]!;
}

const text = (source: TextSource) => chapterText(source);

// --- transformations --------------------------------------------------------------------------

const withSamples = (recording: EvalRecording, samples: Float32Array): EvalRecording => ({
  ...recording,
  pcm: { samples, sampleRate: recording.pcm.sampleRate },
});

async function rubberband(recording: EvalRecording, options: string): Promise<EvalRecording> {
  const samples = await filterPcm(recording.pcm, `rubberband=${options}:${RUBBERBAND}`);
  return { pcm: { samples, sampleRate: recording.pcm.sampleRate }, words: recording.words };
}

const pitched = (recording: EvalRecording, factor: number) =>
  rubberband(recording, `pitch=${factor}:formant=shifted`);

async function stretched(recording: EvalRecording, factor: number): Promise<EvalRecording> {
  const shifted = await rubberband(recording, `tempo=${1 / factor}`);
  return { ...shifted, words: scaled(recording.words, factor) };
}

type NoiseColour = 'pink' | 'brown';

function noisy(recording: EvalRecording, colour: NoiseColour, snrDb: number, seed: string) {
  const { pcm } = recording;
  const samples =
    colour === 'pink'
      ? addPinkNoise(pcm, snrDb, seedOf(seed))
      : addNoiseAt(pcm, brownNoise(pcm.samples.length, seedOf(seed)), snrDb);
  return { ...withSamples(recording, samples), clean: recording.clean ?? pcm };
}

function reverberant(recording: EvalRecording, room: Room, seed: string): EvalRecording {
  const samples = addReverb(recording.pcm, room, seedOf(seed));
  return { ...withSamples(recording, samples), clean: recording.clean ?? recording.pcm };
}

/** Several eSpeak talkers reading other sentences, as babble behind the narrator. */
async function babbled(
  recording: EvalRecording,
  talkers: { source: TextSource; voice: string }[],
  snrDb: number,
  seed: string,
): Promise<EvalRecording> {
  const voices: Float32Array[] = [];
  for (const { source, voice } of talkers) {
    const speech = await resynthesized(source, { ...source.speech, voice });
    voices.push(speech.pcm.samples);
  }
  const noise = babble(voices, recording.pcm.samples.length, seedOf(seed));
  return {
    ...withSamples(recording, addNoiseAt(recording.pcm, noise, snrDb)),
    clean: recording.pcm,
  };
}

// --- music ------------------------------------------------------------------------------------

/** The dev intro's tune (ffmpeg aevalsrc, eval-effects.ts) of `seconds`. */
const devTune = (seconds: number, variant: number) =>
  generatePcm(introTuneSource(seconds, SPEECH_RATE, variant % 12), SPEECH_RATE);

/** Held-out tunes: other melodies, tempi and timbre (the studio stories' plucked synthesis). */
const HELD_OUT_TUNES: Record<string, Tune> = {
  waltz: {
    bpm: 96,
    steps: ['D5/1', 'F5/0.5', 'A5/0.5', 'G5/1', 'E5/1', 'C5/0.5', 'D5/0.5', 'F5/1', 'D5+F5+A5/2'],
  },
  march: {
    bpm: 140,
    steps: ['G4/0.5', 'B4/0.5', 'D5/0.5', 'G5/0.5', 'F#5/1', 'D5/0.5', 'B4/0.5', 'C5/1', 'A4/1'],
  },
};

/** A held-out tune repeated to at least `seconds`, its last two seconds faded out. */
function heldOutTune(name: string, seconds: number): Float32Array {
  const once = fromInt16(synthesizeTune(HELD_OUT_TUNES[name]!, SPEECH_RATE, 0.3));
  const times = Math.ceil((seconds * SPEECH_RATE) / once.length);
  return fadeOut(
    concatPcm(Array.from({ length: times }, () => once)).slice(0, seconds * SPEECH_RATE),
  );
}

function fadeOut(samples: Float32Array, seconds = 2): Float32Array {
  const fade = Math.min(samples.length, Math.round(seconds * SPEECH_RATE));
  const out = Float32Array.from(samples);
  for (let i = 0; i < fade; i++) out[out.length - fade + i]! *= 1 - i / fade;
  return out;
}

interface MusicLayout {
  music: Float32Array;
  /** Seconds of music alone before the narration starts. */
  leadSeconds: number;
  /** Music level relative to the voice's (dB). */
  levelDb: number;
}

/**
 * Music before the narration (and under it, when the music is longer than its lead), at a level
 * relative to the voice; the truth moves by the lead.
 */
function withMusic(recording: EvalRecording, layout: MusicLayout): EvalRecording {
  const lead = Math.round(layout.leadSeconds * SPEECH_RATE);
  const clean: Pcm = {
    samples: concatPcm([new Float32Array(lead), recording.pcm.samples]),
    sampleRate: SPEECH_RATE,
  };
  const samples = normalisePeak(mixMusic(clean, layout.music, 0, layout.levelDb));
  return {
    pcm: { samples, sampleRate: SPEECH_RATE },
    words: scaled(recording.words, 1, lead / SPEECH_RATE),
    clean,
  };
}

// --- dictation --------------------------------------------------------------------------------

/**
 * Read as dictation: every word synthesised on its own and followed by a pause drawn from `gap`,
 * sentences 0.8–1.4 s apart; true times from eSpeak's word events.
 */
async function dictated(
  source: TextSource,
  speech: SpeechSettings,
  gap: readonly [number, number],
  seed: string,
): Promise<EvalRecording> {
  const random = seededRandom(seedOf(seed));
  const between = ([low, high]: readonly [number, number]) => low + random() * (high - low);
  const parts: Float32Array[] = [silence(0.3, SPEECH_RATE)];
  let cursor = parts[0]!.length;
  const words: TrueWord[] = [];
  for (const [s, sentence] of source.sentences.entries()) {
    for (const [w, token] of tokenizeWords(sentence.text).entries()) {
      if (s > 0 || w > 0) {
        parts.push(silence(w === 0 ? between([0.8, 1.4]) : between(gap), SPEECH_RATE));
        cursor += parts.at(-1)!.length;
      }
      const said = await synthesizeSentence(token.text, tokenizeWords(token.text), speech);
      const first = said.words[0];
      if (!first?.spoken) throw new Error(`${source.name}: eSpeak did not say "${token.text}"`);
      words.push({ text: token.text, start: (cursor + first.startSample) / SPEECH_RATE });
      parts.push(fromInt16(said.samples));
      cursor += said.samples.length;
    }
  }
  parts.push(silence(0.6, SPEECH_RATE));
  return { pcm: { samples: concatPcm(parts), sampleRate: SPEECH_RATE }, words };
}

/** Lists, numbers and dates, as a slow narrator dictates them (held-out only). */
const LISTS: TextSource = {
  name: 'lists',
  speech: { voice: 'es', speed: 85, pitch: 45 },
  sentences: [
    'Necesito tres manzanas, dos barras de pan, un litro de leche y doce huevos.',
    'Mi número de teléfono es seis, cuatro, siete, dos, nueve, uno, ocho.',
    'Los días de clase son lunes, miércoles y viernes.',
    'Apunta estas palabras: casa, perro, ventana, libro, silla.',
    'La reunión es el jueves catorce de marzo a las cinco.',
    'Colores: rojo, verde, azul, amarillo, negro y blanco.',
    'Compramos cuatro sillas, una mesa, dos lámparas y una alfombra.',
    'El código es nueve, cero, tres, cinco, dos.',
    'Primero, segundo, tercero, cuarto y quinto.',
    'Las ciudades son Madrid, Bogotá, Lima, Quito y Santiago.',
  ].map((sentence) => ({ text: sentence })),
};

// --- the plan ---------------------------------------------------------------------------------

const CHAPTERS_PER_CONDITION = 4;

const human = (item: HumanItem, source: string, params: string): Recipe => ({
  name: item.name,
  source,
  params,
  make: async () => ({ recording: item.recording, text: item.text }),
});

/** A recipe narrating an excerpt (or a whole chapter). */
const narrated = (
  source: TextSource,
  params: string,
  make: (source: TextSource) => Promise<EvalRecording>,
): Recipe => ({
  name: source.name,
  source: source.name.replace(/-s\d+-\d+$/, (range) => ` sentences ${range.slice(2)}`),
  params,
  make: async () => ({ recording: await make(source), text: text(source) }),
});

const speechWith = (source: TextSource, change: Partial<SpeechSettings>): SpeechSettings => ({
  ...source.speech,
  ...change,
});

const describeSpeech = (speech: SpeechSettings) =>
  `eSpeak ${speech.voice}, speed ${speech.speed}, pitch ${speech.pitch}`;

/** Re-synthesised with other settings. */
const voiced = (source: TextSource, change: Partial<SpeechSettings>, extra = ''): Recipe => {
  const speech = speechWith(source, change);
  return narrated(source, `${describeSpeech(speech)}${extra}`, (s) => resynthesized(s, speech));
};

/** The excerpt as the demo would publish it (its level's voice), then transformed. */
const transformed = (
  source: TextSource,
  params: string,
  transform: (base: EvalRecording, source: TextSource) => Promise<EvalRecording> | EvalRecording,
): Recipe => narrated(source, params, async (s) => transform(await resynthesized(s, s.speech), s));

export async function conditionPlans(inputs: PlanInputs): Promise<ConditionPlan[]> {
  const { chapters } = inputs;
  const heldOutChapters = await studioChapters();
  const devExcerpts = excerptsOf(chapters);
  const heldOutExcerpts = excerptsOf(heldOutChapters);
  const dev = excerptDealer(devExcerpts, 3);
  const held = excerptDealer(heldOutExcerpts, 0);

  // The first nine conditions' dev recordings: four whole demo chapters each, in turn.
  const existing = demoConditions.map((condition, c) => ({
    condition,
    dev: Array.from({ length: CHAPTERS_PER_CONDITION }, (_, j) => {
      const chapter = chapters[(c * CHAPTERS_PER_CONDITION + j) % chapters.length]!;
      return {
        name: chapter.name,
        source: `demo chapter ${chapter.name}`,
        params: condition.params,
        make: async () => ({
          recording: await condition.make(chapter),
          text: chapterText(chapter),
        }),
      } satisfies Recipe;
    }),
  }));
  const devOf = (id: string) => existing.find((entry) => entry.condition.id === id)!.dev;
  /** Held-out sources re-synthesised at their own speed times each factor, one source each. */
  const atSpeeds = (factors: number[]) =>
    factors.map((factor) => {
      const source = held();
      return voiced(source, { speed: Math.round(source.speech.speed * factor) }, ` (×${factor})`);
    });

  const plans: ConditionPlan[] = [
    {
      id: 'voice',
      kind: 'synthetic',
      description:
        'Re-synthesised with another eSpeak voice at an ordinary pitch. Dev: Latin American Spanish, female variant (es-419+f4). Held-out: es+m1, and the Klatt synthesiser (es-419+klatt4).',
      dev: devOf('voice'),
      heldOut: [
        voiced(held(), { voice: 'es+m1', pitch: 45 }),
        voiced(held(), { voice: 'es-419+klatt4', speed: 125, pitch: 55 }),
      ],
    },
    {
      id: 'fast',
      kind: 'synthetic',
      description:
        'Re-synthesised faster. Dev: eSpeak speed ×1.4 (about 200 words a minute). Held-out: ×1.5 and ×1.3.',
      dev: devOf('fast'),
      heldOut: atSpeeds([1.5, 1.3]),
    },
    {
      id: 'slow',
      kind: 'synthetic',
      description:
        'Re-synthesised slower. Dev: eSpeak speed ×0.7 (about 100 words a minute). Held-out: ×0.75 and ×0.85.',
      dev: devOf('slow'),
      heldOut: atSpeeds([0.75, 0.85]),
    },
    {
      id: 'formants',
      kind: 'synthetic',
      description:
        'Pitch and formants raised together (Rubber Band, formants shifted): another, smaller vocal tract. Dev: ×1.25 on the published audio. Held-out: ×1.2 and ×1.15.',
      dev: devOf('formants'),
      heldOut: [1.2, 1.15].map((factor) =>
        transformed(held(), `Rubber Band pitch ×${factor}, formants shifted`, (base) =>
          pitched(base, factor),
        ),
      ),
    },
    {
      id: 'stretched',
      kind: 'synthetic',
      description:
        'Time-stretched at the same pitch (Rubber Band); true times scaled. Dev: 1.25× the length. Held-out: 1.4× (a 0.71× speed) and 0.7× (a 1.43× speed).',
      dev: devOf('stretched'),
      heldOut: [1.4, 0.7].map((factor) =>
        transformed(
          held(),
          `Rubber Band tempo ×${(1 / factor).toFixed(3)} (length ×${factor})`,
          (base) => stretched(base, factor),
        ),
      ),
    },
    {
      id: 'noise',
      kind: 'synthetic',
      description:
        'Pink noise through the pauses too, at an SNR against the active speech level. Dev: 12 dB. Held-out: 20 dB and 10 dB.',
      dev: devOf('noise'),
      heldOut: [20, 10].map((snr) => {
        const source = held();
        return transformed(source, `pink noise, SNR ${snr} dB, seed noise:${source.name}`, (base) =>
          noisy(base, 'pink', snr, `noise:${source.name}`),
        );
      }),
    },
    {
      id: 'reverb',
      kind: 'synthetic',
      description:
        'An ordinary room: early reflections and a velvet-noise tail. Dev: RT60 0.6 s, direct sound 3 dB above the reverberation. Held-out: RT60 0.4 s at +6 dB, 0.9 s at +1 dB.',
      dev: devOf('reverb'),
      heldOut: (
        [
          [0.4, 6],
          [0.9, 1],
        ] as const
      ).map(([rt60, drr]) => {
        const source = held();
        return transformed(source, `RT60 ${rt60} s, direct/reverberant ${drr} dB`, (base) =>
          reverberant(base, { rt60, directToReverberantDb: drr }, `reverb:${source.name}`),
        );
      }),
    },
    {
      id: 'intro-music',
      kind: 'synthetic',
      description:
        'A tune before the narration; true times shifted. Dev: 10–20 s of a synthesised tune (melody, fifth and drone; ffmpeg aevalsrc) and a second of silence. Held-out: other tunes (plucked melodies, other tempi), 14 and 18 s, the voice starting 1.2 s after the tune.',
      dev: devOf('intro-music'),
      heldOut: (
        [
          ['waltz', 14],
          ['march', 18],
        ] as const
      ).map(([tune, seconds]) =>
        transformed(held(), `tune ${tune}, ${seconds} s, −3 dB against the voice`, (base) =>
          withMusic(base, {
            music: heldOutTune(tune, seconds),
            leadSeconds: seconds + 1.2,
            levelDb: -3,
          }),
        ),
      ),
    },
    {
      id: 'departures',
      kind: 'synthetic',
      description:
        'Narration that departs from the text: a filler inserted ("pues", "bueno", "eh", "este", "o sea"), a word left out, or a word changed; the truth is the words both share. Dev: about a quarter of the sentences. Held-out: about a third, other seeds.',
      dev: devOf('departures'),
      heldOut: [0, 1].map(() => {
        const source = held();
        return narrated(source, `departures ×1.33, seed held-out:${source.name}`, (s) =>
          resynthesized(s, s.speech, departuresFor(s, 1.33, `held-out:${s.name}`)),
        );
      }),
    },
    {
      id: 'human-passages',
      kind: 'human',
      description:
        "Recorded human speech: lines joined into passages with pauses; every line start is known (its first word), other words are not measured. Dev: 40 Asterisk prompts by Allison Smith (Mexican Spanish, telephone quality) in four passages, and the game Drascula's Von Braun. Held-out: Drascula's John Hacker, Drascula and Igor, and six other characters (11 kHz, 8-bit).",
      dev: [
        ...(await humanPassages(inputs.asteriskSounds)).map((item) =>
          human(
            item,
            'Asterisk prompts by Allison Smith (es_MX), CC BY-SA 3.0',
            'pauses 0.35–1.1 s',
          ),
        ),
        human(
          await drasculaPassage(inputs.voicesDir, 'von-braun', DRASCULA_DEV),
          'Drascula: The Vampire Strikes Back (Alcachofa Soft), Von Braun',
          'pauses 0.3–1.2 s',
        ),
      ],
      heldOut: await Promise.all(
        Object.entries(DRASCULA_HELD_OUT).map(async ([name, lines]) =>
          human(
            await drasculaPassage(inputs.voicesDir, name, lines),
            `Drascula: The Vampire Strikes Back (Alcachofa Soft), ${name}`,
            'pauses 0.3–1.2 s',
          ),
        ),
      ),
    },
    {
      id: 'human-words',
      kind: 'human',
      description:
        'Recorded single words (numbers, days, months…) joined into dates, numbers and digit strings, 0–60 ms apart; every word start is known. Dev: Allison Smith (Mexican Spanish). Held-out: July E. Jiménez (Colombian Spanish), another speaker.',
      dev: (await humanWords(inputs.asteriskSounds)).map((item) =>
        human(item, 'Asterisk prompts by Allison Smith (es_MX), CC BY-SA 3.0', 'gaps 0–60 ms'),
      ),
      heldOut: (await colombianWords(inputs.voicesDir, 2)).map((item) =>
        human(item, 'Asterisk prompts by July E. Jiménez (es_CO), GPL-2', 'gaps 0–60 ms'),
      ),
    },
  ];

  // Conditions added with the split (issue 22): one dev recording each, two held-out.
  plans.push(
    {
      id: 'voice-low',
      kind: 'synthetic',
      description:
        "A lower voice than eSpeak's default: male variants at a low pitch setting. Dev: es+m3 at pitch 25. Held-out: es-419+david (Klatt, formants lowered) at pitch 35, es+m8 at pitch 15.",
      dev: [voiced(dev(), { voice: 'es+m3', pitch: 25 })],
      heldOut: [
        voiced(held(), { voice: 'es-419+david', pitch: 35 }),
        voiced(held(), { voice: 'es+m8', pitch: 15 }),
      ],
    },
    {
      id: 'voice-high',
      kind: 'synthetic',
      description:
        "A higher voice than eSpeak's default. Dev: es+f1 at pitch 75. Held-out: es-419+zac (a child's pitch and formants) at pitch 55, es+anika at pitch 70.",
      dev: [voiced(dev(), { voice: 'es+f1', pitch: 75 })],
      heldOut: [
        voiced(held(), { voice: 'es-419+zac', pitch: 55 }),
        voiced(held(), { voice: 'es+anika', pitch: 70 }),
      ],
    },
    {
      id: 'formants-low',
      kind: 'synthetic',
      description:
        'Pitch and formants lowered together (Rubber Band, formants shifted): a larger vocal tract. Dev: ×0.85. Held-out: ×0.8 and ×0.75.',
      dev: [
        transformed(dev(), 'Rubber Band pitch ×0.85, formants shifted', (base) =>
          pitched(base, 0.85),
        ),
      ],
      heldOut: [0.8, 0.75].map((factor) =>
        transformed(held(), `Rubber Band pitch ×${factor}, formants shifted`, (base) =>
          pitched(base, factor),
        ),
      ),
    },
    {
      id: 'noise-loud',
      kind: 'synthetic',
      description:
        'Loud noise through the pauses too. Dev: pink noise at SNR 6 dB. Held-out: pink at 5 dB, brown (a rumble) at 5 dB.',
      dev: [
        ((source) =>
          transformed(source, `pink noise, SNR 6 dB, seed noise:${source.name}`, (base) =>
            noisy(base, 'pink', 6, `noise:${source.name}`),
          ))(dev()),
      ],
      heldOut: (['pink', 'brown'] as const).map((colour) => {
        const source = held();
        return transformed(source, `${colour} noise, SNR 5 dB, seed noise:${source.name}`, (base) =>
          noisy(base, colour, 5, `noise:${source.name}`),
        );
      }),
    },
    {
      id: 'babble',
      kind: 'synthetic',
      description:
        "Babble: six other eSpeak talkers reading other sentences behind the narrator, through the pauses too. Dev: SNR 12 dB. Held-out: 10 dB and 6 dB, other talkers' voices.",
      dev: [
        ((source) => {
          const talkers = babbleTalkers(devExcerpts, source, [
            'es+m1',
            'es-419+f4',
            'es+m3',
            'es-419+m4',
            'es+f1',
            'es+m7',
          ]);
          return transformed(source, `babble of 6, SNR 12 dB`, (base) =>
            babbled(base, talkers, 12, `babble:${source.name}`),
          );
        })(dev()),
      ],
      heldOut: [10, 6].map((snr) => {
        const source = held();
        const talkers = babbleTalkers(heldOutExcerpts, source, [
          'es-419+m1',
          'es+f4',
          'es-419+m3',
          'es+m4',
          'es-419+f1',
          'es+m8',
        ]);
        return transformed(source, `babble of 6, SNR ${snr} dB`, (base) =>
          babbled(base, talkers, snr, `babble:${source.name}`),
        );
      }),
    },
    {
      id: 'reverb-long',
      kind: 'synthetic',
      description:
        'A hall or a bare room: long reverberation. Dev: RT60 1.2 s, direct sound as loud as the reverberation (0 dB). Held-out: RT60 1.0 s at −2 dB, 1.2 s at +1 dB.',
      dev: [
        ((source) =>
          transformed(source, 'RT60 1.2 s, direct/reverberant 0 dB', (base) =>
            reverberant(base, { rt60: 1.2, directToReverberantDb: 0 }, `reverb:${source.name}`),
          ))(dev()),
      ],
      heldOut: (
        [
          [1.0, -2],
          [1.2, 1],
        ] as const
      ).map(([rt60, drr]) => {
        const source = held();
        return transformed(source, `RT60 ${rt60} s, direct/reverberant ${drr} dB`, (base) =>
          reverberant(base, { rt60, directToReverberantDb: drr }, `reverb:${source.name}`),
        );
      }),
    },
    {
      id: 'music-under',
      kind: 'synthetic',
      description:
        'Music that goes on under the first sentences, then fades. Dev: the dev tune, 30 s, the voice from 5 s, music 12 dB below the voice. Held-out: other tunes, 25 s from 4 s at −8 dB, 20 s from 3 s at −4 dB.',
      dev: [
        transformed(dev(), 'dev tune, 30 s, voice from 5 s, −12 dB', async (base) =>
          withMusic(base, { music: fadeOut(await devTune(30, 7)), leadSeconds: 5, levelDb: -12 }),
        ),
      ],
      heldOut: [
        transformed(held(), 'tune waltz, 25 s, voice from 4 s, −8 dB', (base) =>
          withMusic(base, { music: heldOutTune('waltz', 25), leadSeconds: 4, levelDb: -8 }),
        ),
        transformed(held(), 'tune march, 20 s, voice from 3 s, −4 dB', (base) =>
          withMusic(base, { music: heldOutTune('march', 20), leadSeconds: 3, levelDb: -4 }),
        ),
      ],
    },
    {
      id: 'music-loud',
      kind: 'synthetic',
      description:
        'An intro tune louder than the voice, and a lower-pitched narrator (the recording issue 22 reports refused with "The recording has no speech"). Dev: the dev tune 12 s at +8 dB, the voice lowered by Rubber Band ×0.85. Held-out: es-419+m3 at pitch 42, speed 130 after 15 s of a tune at +6 dB; es+m3 at pitch 30 after 12 s of a tune at +10 dB that goes on under the first sentences at the same level.',
      dev: [
        transformed(dev(), 'dev tune 12 s at +8 dB, Rubber Band pitch ×0.85', async (base) =>
          withMusic(await pitched(base, 0.85), {
            music: await devTune(12, 3),
            leadSeconds: 13,
            levelDb: 8,
          }),
        ),
      ],
      heldOut: [
        ((source) => {
          const speech = speechWith(source, { voice: 'es-419+m3', pitch: 42, speed: 130 });
          return narrated(
            source,
            `${describeSpeech(speech)}; tune march 15 s at +6 dB`,
            async (s) =>
              withMusic(await resynthesized(s, speech), {
                music: heldOutTune('march', 15),
                leadSeconds: 16,
                levelDb: 6,
              }),
          );
        })(held()),
        ((source) => {
          const speech = speechWith(source, { voice: 'es+m3', pitch: 30 });
          return narrated(
            source,
            `${describeSpeech(speech)}; tune waltz 24 s at +10 dB, voice from 12 s`,
            async (s) =>
              withMusic(await resynthesized(s, speech), {
                music: heldOutTune('waltz', 24),
                leadSeconds: 12,
                levelDb: 10,
              }),
          );
        })(held()),
      ],
    },
    {
      id: 'combined',
      kind: 'synthetic',
      description:
        'A shifted voice in a reverberant room with noise. Dev: formants ×0.85, RT60 0.6 s at +3 dB, pink noise at 12 dB. Held-out: formants ×1.15, RT60 0.9 s at +1 dB, brown noise at 10 dB; es+m3 at pitch 30, RT60 1.0 s at 0 dB, pink noise at 8 dB.',
      dev: [
        ((source) =>
          transformed(
            source,
            'Rubber Band ×0.85; RT60 0.6 s, +3 dB; pink noise 12 dB',
            async (base) =>
              noisy(
                reverberant(
                  await pitched(base, 0.85),
                  { rt60: 0.6, directToReverberantDb: 3 },
                  `reverb:${source.name}`,
                ),
                'pink',
                12,
                `noise:${source.name}`,
              ),
          ))(dev()),
      ],
      heldOut: [
        ((source) =>
          transformed(
            source,
            'Rubber Band ×1.15; RT60 0.9 s, +1 dB; brown noise 10 dB',
            async (base) =>
              noisy(
                reverberant(
                  await pitched(base, 1.15),
                  { rt60: 0.9, directToReverberantDb: 1 },
                  `reverb:${source.name}`,
                ),
                'brown',
                10,
                `noise:${source.name}`,
              ),
          ))(held()),
        ((source) => {
          const speech = speechWith(source, { voice: 'es+m3', pitch: 30 });
          return narrated(
            source,
            `${describeSpeech(speech)}; RT60 1.0 s, 0 dB; pink noise 8 dB`,
            async (s) =>
              noisy(
                reverberant(
                  await resynthesized(s, speech),
                  { rt60: 1.0, directToReverberantDb: 0 },
                  `reverb:${s.name}`,
                ),
                'pink',
                8,
                `noise:${s.name}`,
              ),
          );
        })(held()),
      ],
    },
    {
      id: 'pauses',
      kind: 'synthetic',
      description:
        'Words separated by pauses, as dictation: every word synthesised on its own. Dev: a demo excerpt, 0.25–0.8 s between words. Held-out: a studio excerpt, 0.3–1.0 s; lists, numbers and dates read by a slow narrator (speed 85), 0.4–1.2 s.',
      dev: [
        narrated(dev(), 'word by word, gaps 0.25–0.8 s', (s) =>
          dictated(s, s.speech, [0.25, 0.8], `dictated:${s.name}`),
        ),
      ],
      heldOut: [
        narrated(held(), 'word by word, gaps 0.3–1.0 s', (s) =>
          dictated(s, s.speech, [0.3, 1.0], `dictated:${s.name}`),
        ),
        narrated(LISTS, `word by word, gaps 0.4–1.2 s, ${describeSpeech(LISTS.speech)}`, (s) =>
          dictated(s, s.speech, [0.4, 1.2], 'dictated:lists'),
        ),
      ],
    },
    {
      id: 'human-dictation',
      kind: 'human',
      description:
        "Recorded single words or syllables read as dictation, 0.3–1.3 s apart; every word start is known. Dev: Allison Smith's numbers, days and months. Held-out: July E. Jiménez's (Colombian Spanish); KLettres' Spanish syllables.",
      dev: [
        human(
          await humanWordsDictated(inputs.asteriskSounds),
          'Asterisk prompts by Allison Smith (es_MX), CC BY-SA 3.0',
          'gaps 0.35–1.2 s',
        ),
      ],
      heldOut: [
        human(
          await colombianDictated(inputs.voicesDir),
          'Asterisk prompts by July E. Jiménez (es_CO), GPL-2',
          'gaps 0.4–1.3 s',
        ),
        human(
          await klettresDictated(inputs.voicesDir),
          'KLettres Spanish syllables (KDE), GPL-2+',
          'gaps 0.3–0.9 s',
        ),
      ],
    },
  );
  return plans;
}

/** Six talkers for babble, each reading another excerpt than the narrated one. */
function babbleTalkers(
  excerpts: readonly TextSource[],
  narrated: TextSource,
  voices: readonly string[],
) {
  const others = excerpts.filter((source) => source.name !== narrated.name);
  const start = seedOf(`talkers:${narrated.name}`) % others.length;
  return voices.map((voice, i) => ({ source: others[(start + i) % others.length]!, voice }));
}
