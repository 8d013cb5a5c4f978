/**
 * Human voices: recorded Spanish speech from Debian packages, joined with known pauses so every
 * sentence's start is known (passages), or single-word prompts joined into phrases so every word's
 * start is known. Allison Smith's Asterisk prompts (dev) here; the held-out speakers in
 * eval-human-held-out.ts.
 */
import { execFile } from 'node:child_process';
import { access, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeAudio } from '#server/lib/audio/index';
import { tokenizeWords } from '#shared/studio/words';
import { concatPcm, silence } from './eval-audio.ts';
import type { TrueWord } from './eval-truth.ts';
import type { EvalRecording } from './eval-demo.ts';
import { pick, seededRandom, seedOf } from './prng.ts';

const run = promisify(execFile);

/**
 * Debian packages unpacked into `dir` (apt-get download, dpkg-deb -x) unless `probe` (a path
 * inside `dir`) is already there. Nothing is fetched when the product is installed or run: only
 * this build, offline after that, and its output is committed.
 */
export async function debianPackages(
  dir: string,
  packages: readonly string[],
  probe: string,
): Promise<void> {
  try {
    await access(path.join(dir, probe));
  } catch {
    await mkdir(dir, { recursive: true });
    await run('apt-get', ['download', ...packages], { cwd: dir });
    for (const deb of (await readdir(dir)).filter((name) => name.endsWith('.deb'))) {
      await run('dpkg-deb', ['-x', path.join(dir, deb), dir]);
    }
    await access(path.join(dir, probe));
  }
}

export const ASTERISK_PACKAGES = ['asterisk-core-sounds-es-wav', 'asterisk-core-sounds-es'];
const SOUNDS = 'usr/share/asterisk/sounds/es_MX_f_Allison';
const PROMPT_RATE = 8000;

/** Allison Smith's prompts' folder, from the Debian packages when not unpacked yet. */
export async function asteriskSounds(dir: string): Promise<string> {
  await debianPackages(dir, ASTERISK_PACKAGES, path.join(SOUNDS, 'digits/5.wav'));
  return path.join(dir, SOUNDS);
}

/** The sentence prompts of the passages, their texts spelled as Spanish is (the package's list drops accents). */
const SENTENCES: [file: string, text: string][] = [
  ['conf-extended', 'La conferencia ha sido extendida.'],
  ['conf-getpin', 'Por favor, ingrese la clave de entrada para la conferencia.'],
  ['conf-hasjoin', 'Ya está en la conferencia.'],
  ['conf-invalidpin', 'Clave de entrada inválida para esta conferencia.'],
  ['conf-kicked', 'Ha sido expulsado por el sistema de esta conferencia.'],
  ['conf-leaderhasleft', 'El líder ha dejado la conferencia.'],
  ['conf-locked', 'La conferencia ha sido bloqueada.'],
  ['conf-muted', 'Está usted ahora en modo mudo.'],
  ['conf-noempty', 'Por el momento no hay conferencias vacías.'],
  ['conf-nonextended', 'La conferencia no puede ser extendida.'],
  ['conf-now-recording', 'La conferencia está ahora siendo grabada.'],
  ['conf-now-unmuted', 'El modo mudo ha sido desactivado en la conferencia.'],
  ['conf-onlyperson', 'Por el momento, usted es la única persona en la conferencia.'],
  ['conf-waitforleader', 'La conferencia comenzará cuando llegue el líder.'],
  ['confbridge-begin-glorious-c', 'La conferencia iniciará cuando nuestro glorioso líder llegue.'],
  ['confbridge-lock-no-join', 'La conferencia está actualmente bloqueada y no se puede ingresar.'],
  ['confbridge-only-participant', 'Usted es actualmente el único participante en la conferencia.'],
  ['confbridge-removed', 'Usted ha sido expulsado de la conferencia.'],
  ['demo-echodone', 'La prueba del eco ha sido completada.'],
  ['demo-nomatch', 'Lo siento, pero no hay una correspondencia con esas palabras claves.'],
  ['dir-nomatch', 'Nadie en el directorio corresponde a su búsqueda.'],
  ['followme/pls-hold-while-try', 'Por favor, espere mientras intento enlazar su llamada.'],
  ['followme/sorry', 'Lo siento, pero no logré encontrar a la persona que usted busca.'],
  ['pbx-parkingfailed', 'El intento de estacionamiento de llamada ha fallado.'],
  ['privacy-unident', 'La persona que usted desea llamar no acepta llamadas no identificadas.'],
  ['queue-thankyou', 'Muchas gracias por su paciencia.'],
  ['transfer', 'Por favor, espere mientras le comunico con esa extensión.'],
  ['tt-monkeysintro', 'Han sido llevados por monos.'],
  ['tt-somethingwrong', 'Algo está terriblemente mal.'],
  ['tt-weasels', 'Las comadrejas se han comido nuestro sistema telefónico.'],
  ['vm-marked-urgent', 'Este mensaje ha sido marcado como urgente.'],
  ['vm-marked-nonurgent', 'El estatus de urgencia ha sido desactivado para este mensaje.'],
  ['vm-msgsaved', 'Su mensaje ha sido guardado.'],
  ['vm-next', 'Marque 6 para escuchar el próximo mensaje.'],
  ['vm-nobodyavail', 'En este momento nadie está libre para responder a su llamada.'],
  ['vm-nonumber', 'Lo siento, pero no sé quién ha enviado este mensaje.'],
  ['vm-tempremoved', 'Su saludo temporal ha sido borrado.'],
  ['vm-tocallback', 'Marque 2 para llamar a la persona que ha enviado este mensaje.'],
  ['vm-sorry', 'Lo siento, no comprendí su respuesta.'],
  ['vm-delete', 'Marque 7 para borrar el mensaje.'],
];

export const UNITS = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
];
export const TEENS = [
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
];
export const TWENTIES = [
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
export const TENS = [
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const HUNDREDS = [
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];
export const DAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
export const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** Each single-word prompt: the word as written → its file under digits/. */
const WORD_FILES = new Map<string, string>([
  ...UNITS.map((word, n) => [word, `digits/${n}`] as const),
  ...TEENS.map((word, n) => [word, `digits/${10 + n}`] as const),
  ...TWENTIES.map((word, n) => [word, `digits/${20 + n}`] as const),
  ...TENS.map((word, n) => [word, `digits/${30 + 10 * n}`] as const),
  ...HUNDREDS.map((word, n) => [word, `digits/${200 + 100 * n}`] as const),
  ...DAYS.map((word, n) => [word, `digits/day-${n}`] as const),
  ...MONTHS.map((word, n) => [word, `digits/mon-${n}`] as const),
  ['mil', 'digits/thousand'],
  ['y', 'digits/and'],
  ['de', 'digits/es-de'],
  ['el', 'digits/es-el'],
  ['hoy', 'digits/today'],
  ['mañana', 'digits/tomorrow'],
  ['ayer', 'digits/yesterday'],
  ['menos', 'digits/minus'],
]);

/** A phrase of Allison's single-word prompts: its words, and how it is written. */
function phrase(random: () => number): { words: string[]; text: string } {
  const kind = random();
  if (kind < 0.35) {
    const when = random() < 0.3 ? [pick(random, ['hoy', 'mañana', 'ayer'])] : [];
    const day = 1 + Math.floor(random() * 29);
    const number = day < 10 ? UNITS[day]! : day < 20 ? TEENS[day - 10]! : TWENTIES[day - 20]!;
    const words = [...when, 'el', pick(random, DAYS), number, 'de', pick(random, MONTHS)];
    return { words, text: `${words.join(' ')}.` };
  }
  if (kind < 0.7) {
    const words = [
      pick(random, UNITS.slice(2)),
      'mil',
      pick(random, HUNDREDS),
      pick(random, TENS),
      'y',
      pick(random, UNITS.slice(1)),
    ];
    return { words, text: `${words.join(' ')}.` };
  }
  const words = Array.from({ length: 4 + Math.floor(random() * 3) }, () => pick(random, UNITS));
  return { words, text: `${words.join(', ')}.` };
}

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A recorded prompt: its samples, and where its speech begins and ends. */
export interface Prompt {
  samples: Float32Array;
  sampleRate: number;
  /** Where the kept audio begins: a little before the onset, so a soft first consonant stays. */
  start: number;
  /** Where speech begins and ends in the file (samples). */
  onset: number;
  end: number;
}

/** Audio kept before a prompt's detected onset, so a soft first consonant is not cut (10 ms). */
const preRoll = (sampleRate: number) => Math.round(0.01 * sampleRate);

/**
 * How a prompt's onset is found. `peak`: the first 5 ms frame within 35 dB of its loudest frame
 * (Allison Smith's studio prompts, whose silence is clean). `floor`: the first frame 8 dB above
 * the recording's background (the 20th percentile of its frames that are not digital silence),
 * kept within 25–40 dB of the loudest frame: recordings with hiss or room noise, where the peak
 * rule fires on the noise and a fixed higher threshold would miss a soft first consonant.
 */
export type OnsetRule = 'peak' | 'floor';

/**
 * Where a prompt's speech begins and ends (by `rule`; the end: the last frame within 40 dB of the
 * loudest and, for `floor`, above the background). The onset is the true start of its first word.
 */
export function promptFrom(
  samples: Float32Array,
  sampleRate: number,
  rule: OnsetRule = 'peak',
): Prompt {
  const frame = Math.round(0.005 * sampleRate);
  const levels: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i]! ** 2;
    levels.push(sum / frame);
  }
  const loudest = Math.max(...levels);
  if (rule === 'peak') {
    const first = levels.findIndex((level) => level >= loudest * 10 ** -3.5);
    const last = levels.findLastIndex((level) => level >= loudest * 1e-4);
    const onset = Math.max(preRoll(sampleRate), first * frame);
    return {
      samples,
      sampleRate,
      start: onset - preRoll(sampleRate),
      onset,
      end: (last + 1) * frame,
    };
  }
  const sounding = levels.filter((level) => level > 1e-10).sort((a, b) => a - b);
  const background = sounding[Math.floor(sounding.length * 0.2)] ?? 0;
  const threshold = Math.min(
    loudest * 10 ** -2.5,
    Math.max(loudest * 1e-4, background * 10 ** 0.8),
  );
  const first = levels.findIndex((level) => level >= threshold);
  const last = levels.findLastIndex((level) => level >= threshold);
  const onset = first * frame;
  return {
    samples,
    sampleRate,
    start: Math.max(0, onset - preRoll(sampleRate)),
    onset,
    end: (last + 1) * frame,
  };
}

/** A prompt file decoded at `sampleRate`. */
export async function loadPrompt(
  file: string,
  sampleRate = PROMPT_RATE,
  rule: OnsetRule = 'peak',
): Promise<Prompt> {
  const { samples } = await decodeAudio(file, { sampleRate });
  return promptFrom(samples, sampleRate, rule);
}

/** A prompt from just before its onset to its end. */
const speech = (prompt: Prompt) => prompt.samples.subarray(prompt.start, prompt.end);

/** Where, in the kept audio, its speech begins (samples). */
const onsetIn = (prompt: Prompt) => prompt.onset - prompt.start;

export interface HumanItem {
  name: string;
  recording: EvalRecording;
  text: string;
}

/** One line of a passage: a recorded prompt and what it says (one sentence or more). */
export interface PassageLine {
  prompt: Prompt;
  text: string;
}

/**
 * Lines joined into a passage, each after a pause drawn from `pause` (0.5 s before the first,
 * 0.5 s after the last), one line of text each. Only each line's start is known: its first word
 * starts at its prompt's onset; the other words are left unmeasured.
 */
export function joinPassage(
  seedName: string,
  name: string,
  lines: readonly PassageLine[],
  pause: (random: () => number) => number,
): HumanItem {
  const random = seededRandom(seedOf(seedName));
  const sampleRate = lines[0]!.prompt.sampleRate;
  const parts: Float32Array[] = [];
  const words: TrueWord[] = [];
  let cursor = 0;
  for (const [s, { prompt, text }] of lines.entries()) {
    parts.push(silence(s === 0 ? 0.5 : pause(random), sampleRate));
    cursor += parts.at(-1)!.length;
    const start = (cursor + onsetIn(prompt)) / sampleRate;
    tokenizeWords(text).forEach((word, w) =>
      words.push({ text: word.text, start: w === 0 ? start : null }),
    );
    parts.push(speech(prompt));
    cursor += parts.at(-1)!.length;
  }
  parts.push(silence(0.5, sampleRate));
  return {
    name,
    recording: { pcm: { samples: concatPcm(parts), sampleRate }, words },
    text: `${lines.map((line) => line.text).join('\n')}\n`,
  };
}

/** Allison's passages: ten sentence prompts each, 0.35–1.1 s apart. */
export async function humanPassages(sounds: string): Promise<HumanItem[]> {
  const items: HumanItem[] = [];
  for (let p = 0; p * 10 < SENTENCES.length; p++) {
    const lines: PassageLine[] = [];
    for (const [file, text] of SENTENCES.slice(p * 10, p * 10 + 10)) {
      lines.push({ prompt: await loadPrompt(path.join(sounds, `${file}.wav`)), text });
    }
    items.push(
      joinPassage(`passage:${p}`, `passage-${p + 1}`, lines, (random) => 0.35 + random() * 0.75),
    );
  }
  return items;
}

/** A phrase of single-word prompts: its words, and how it is written. */
export type PhraseMaker = (random: () => number) => { words: string[]; text: string };

export interface WordJoin {
  /** Names the item and seeds its choices. */
  seedName: string;
  name: string;
  phrase: PhraseMaker;
  promptFor: (word: string) => Promise<Prompt>;
  phrases: number;
  /** The silence between two words of a phrase (seconds). */
  gap: (random: () => number) => number;
}

/**
 * Phrases of single-word prompts (dates, numbers, digit strings…), each word after a gap drawn
 * from `gap`, phrases 0.5–1 s apart: every word's start is known.
 */
export async function joinWords(join: WordJoin): Promise<HumanItem> {
  const random = seededRandom(seedOf(join.seedName));
  const parts: Float32Array[] = [];
  const words: TrueWord[] = [];
  const lines: string[] = [];
  let cursor = 0;
  let sampleRate = 0;
  for (let p = 0; p < join.phrases; p++) {
    const { words: said, text } = join.phrase(random);
    const pauseSeconds = p === 0 ? 0.5 : 0.5 + random() * 0.5;
    for (const [w, word] of said.entries()) {
      const prompt = await join.promptFor(word);
      sampleRate = prompt.sampleRate;
      if (w === 0) {
        parts.push(silence(pauseSeconds, sampleRate));
        cursor += parts.at(-1)!.length;
      } else {
        parts.push(silence(join.gap(random), sampleRate));
        cursor += parts.at(-1)!.length;
      }
      words.push({
        text: w === 0 ? capitalised(word) : word,
        start: (cursor + onsetIn(prompt)) / sampleRate,
      });
      parts.push(speech(prompt));
      cursor += parts.at(-1)!.length;
    }
    lines.push(capitalised(text));
  }
  parts.push(silence(0.5, sampleRate));
  return {
    name: join.name,
    recording: { pcm: { samples: concatPcm(parts), sampleRate }, words },
    text: `${lines.join('\n')}\n`,
  };
}

/** Caches each word's prompt: a word said twice is the same recording. */
export function promptCache(load: (word: string) => Promise<Prompt>) {
  const prompts = new Map<string, Promise<Prompt>>();
  return (word: string) => {
    if (!prompts.has(word)) prompts.set(word, load(word));
    return prompts.get(word)!;
  };
}

const allisonWord = (sounds: string) =>
  promptCache((word) => {
    const file = WORD_FILES.get(word);
    if (!file) throw new Error(`no prompt for "${word}"`);
    return loadPrompt(path.join(sounds, `${file}.wav`));
  });

/** Allison's single words joined into dates, numbers and digit strings, 0–60 ms apart. */
export async function humanWords(sounds: string, items = 3, phrases = 14): Promise<HumanItem[]> {
  const promptFor = allisonWord(sounds);
  const result: HumanItem[] = [];
  for (let n = 0; n < items; n++) {
    result.push(
      await joinWords({
        seedName: `words:${n}`,
        name: `words-${n + 1}`,
        phrase,
        promptFor,
        phrases,
        gap: (random) => random() * 0.06,
      }),
    );
  }
  return result;
}

/** Allison's single words read as dictation: 0.35–1.2 s between words. */
export async function humanWordsDictated(sounds: string): Promise<HumanItem> {
  return joinWords({
    seedName: 'dictated:allison',
    name: 'words-dictated',
    phrase,
    promptFor: allisonWord(sounds),
    phrases: 10,
    gap: (random) => 0.35 + random() * 0.85,
  });
}
