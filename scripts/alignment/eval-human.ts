/**
 * A human voice: Allison Smith's Spanish (es_MX) prompts for Asterisk, from the Debian package
 * asterisk-core-sounds-es-wav (CC BY-SA 3.0). Prompts are joined with known pauses, so every
 * sentence's start is known; single-word prompts (numbers, days, months, "y", "mil"…) are joined
 * into phrases, so every word's start is known.
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

export const ASTERISK_PACKAGES = ['asterisk-core-sounds-es-wav', 'asterisk-core-sounds-es'];
const SOUNDS = 'usr/share/asterisk/sounds/es_MX_f_Allison';
const PROMPT_RATE = 8000;

/**
 * The prompts' folder: extracted from the Debian packages (apt-get download, dpkg-deb -x) into
 * `dir` unless they are already there.
 */
export async function asteriskSounds(dir: string): Promise<string> {
  const sounds = path.join(dir, SOUNDS);
  try {
    await access(path.join(sounds, 'digits/5.wav'));
    return sounds;
  } catch {
    await mkdir(dir, { recursive: true });
    await run('apt-get', ['download', ...ASTERISK_PACKAGES], { cwd: dir });
    for (const deb of (await readdir(dir)).filter((name) => name.endsWith('.deb'))) {
      await run('dpkg-deb', ['-x', path.join(dir, deb), dir]);
    }
    await access(path.join(sounds, 'digits/5.wav'));
    return sounds;
  }
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

const UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const TEENS = [
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
const TWENTIES = [
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
const TENS = ['treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
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
const DAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
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

/** A phrase of single-word prompts: its words, and how it is written. */
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

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Prompt {
  samples: Float32Array;
  /** Where speech begins and ends in the file (samples). */
  onset: number;
  end: number;
}

/** Audio kept before a prompt's detected onset, so a soft first consonant is not cut. */
const PRE_ROLL = Math.round(0.01 * PROMPT_RATE);

/**
 * Where a prompt's speech begins and ends: the first and last 5 ms frames within 35 dB (onset)
 * and 40 dB (end) of its loudest frame. The onset is the true start of its first word.
 */
async function loadPrompt(sounds: string, name: string): Promise<Prompt> {
  const { samples } = await decodeAudio(path.join(sounds, `${name}.wav`), {
    sampleRate: PROMPT_RATE,
  });
  const frame = Math.round(0.005 * PROMPT_RATE);
  const levels: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i]! ** 2;
    levels.push(sum / frame);
  }
  const loudest = Math.max(...levels);
  const first = levels.findIndex((level) => level >= loudest * 10 ** -3.5);
  const last = levels.findLastIndex((level) => level >= loudest * 1e-4);
  return { samples, onset: Math.max(PRE_ROLL, first * frame), end: (last + 1) * frame };
}

/** A prompt from just before its onset to its end. */
const speech = (prompt: Prompt) => prompt.samples.subarray(prompt.onset - PRE_ROLL, prompt.end);

export interface HumanItem {
  name: string;
  recording: EvalRecording;
  text: string;
}

/**
 * Passages of ten sentence prompts, each after a pause of 0.35–1.1 s (0.5 s before the first, 0.5 s
 * after the last). Only sentence starts are known: a sentence's first word starts at its prompt's
 * onset; the other words are left unmeasured.
 */
export async function humanPassages(sounds: string): Promise<HumanItem[]> {
  const items: HumanItem[] = [];
  for (let p = 0; p * 10 < SENTENCES.length; p++) {
    const random = seededRandom(seedOf(`passage:${p}`));
    const parts: Float32Array[] = [];
    const words: TrueWord[] = [];
    let cursor = 0;
    const lines: string[] = [];
    for (const [s, [file, text]] of SENTENCES.slice(p * 10, p * 10 + 10).entries()) {
      parts.push(silence(s === 0 ? 0.5 : 0.35 + random() * 0.75, PROMPT_RATE));
      cursor += parts.at(-1)!.length;
      const prompt = await loadPrompt(sounds, file);
      const start = (cursor + PRE_ROLL) / PROMPT_RATE;
      tokenizeWords(text).forEach((word, w) =>
        words.push({ text: word.text, start: w === 0 ? start : null }),
      );
      parts.push(speech(prompt));
      cursor += parts.at(-1)!.length;
      lines.push(text);
    }
    parts.push(silence(0.5, PROMPT_RATE));
    items.push({
      name: `passage-${p + 1}`,
      recording: { pcm: { samples: concatPcm(parts), sampleRate: PROMPT_RATE }, words },
      text: `${lines.join('\n')}\n`,
    });
  }
  return items;
}

/**
 * Phrases of single-word prompts (dates, numbers, digit strings), each word after a gap of 0–60 ms,
 * phrases 0.5–1 s apart: every word's start is known.
 */
export async function humanWords(
  sounds: string,
  items = 3,
  phrasesPerItem = 14,
): Promise<HumanItem[]> {
  const prompts = new Map<string, Prompt>();
  const promptFor = async (word: string) => {
    const file = WORD_FILES.get(word);
    if (!file) throw new Error(`no prompt for "${word}"`);
    if (!prompts.has(word)) prompts.set(word, await loadPrompt(sounds, file));
    return prompts.get(word)!;
  };
  const result: HumanItem[] = [];
  for (let n = 0; n < items; n++) {
    const random = seededRandom(seedOf(`words:${n}`));
    const parts: Float32Array[] = [];
    const words: TrueWord[] = [];
    const lines: string[] = [];
    let cursor = 0;
    for (let p = 0; p < phrasesPerItem; p++) {
      const { words: said, text } = phrase(random);
      parts.push(silence(p === 0 ? 0.5 : 0.5 + random() * 0.5, PROMPT_RATE));
      cursor += parts.at(-1)!.length;
      for (const [w, word] of said.entries()) {
        if (w > 0) {
          parts.push(silence(random() * 0.06, PROMPT_RATE));
          cursor += parts.at(-1)!.length;
        }
        const prompt = await promptFor(word);
        words.push({
          text: w === 0 ? capitalised(word) : word,
          start: (cursor + PRE_ROLL) / PROMPT_RATE,
        });
        parts.push(speech(prompt));
        cursor += parts.at(-1)!.length;
      }
      lines.push(capitalised(text));
    }
    parts.push(silence(0.5, PROMPT_RATE));
    result.push({
      name: `words-${n + 1}`,
      recording: { pcm: { samples: concatPcm(parts), sampleRate: PROMPT_RATE }, words },
      text: `${lines.join('\n')}\n`,
    });
  }
  return result;
}
