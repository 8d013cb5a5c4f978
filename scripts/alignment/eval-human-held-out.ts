/**
 * Recorded Spanish voices other than Allison Smith's, from Debian packages under free licences
 * (content/eval/README.md, "Sources and licences"):
 *
 * - `asterisk-prompt-es-co`: Colombian Spanish prompts recorded by Avatar Ltda. with the voice of
 *   July E. Jiménez (GPL-2): single words (numbers, days, months) joined into phrases;
 * - `klettres-data`: KDE's KLettres Spanish syllables (GPL-2+), read one by one as dictation;
 * - `drascula-spanish`: the voices of the adventure game Drascula (Alcachofa Soft, freeware
 *   licence, Debian main): lines of ten characters, joined into passages.
 *
 * The texts are what each recording says, written by hand with Spanish spelling (the game's own
 * text is upper case without accents).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resamplePcm } from './eval-audio.ts';
import {
  debianPackages,
  joinPassage,
  joinWords,
  loadPrompt,
  promptCache,
  promptFrom,
  DAYS,
  MONTHS,
  TEENS,
  TENS,
  TWENTIES,
  UNITS,
  type HumanItem,
  type PassageLine,
  type PhraseMaker,
} from './eval-human.ts';
import { pick } from './prng.ts';

export const HELD_OUT_HUMAN_PACKAGES = [
  'asterisk-prompt-es-co',
  'klettres-data',
  'drascula-spanish',
] as const;
const COLOMBIAN = 'usr/share/asterisk/sounds/es';
const KLETTRES = 'usr/share/klettres/es';
const DRASCULA = 'usr/share/scummvm/drascula/es';

/** Unpacks the three packages into `dir` unless they are there. */
export async function heldOutVoices(dir: string): Promise<string> {
  await debianPackages(dir, HELD_OUT_HUMAN_PACKAGES, path.join(DRASCULA, 'VB1.ALS'));
  await debianPackages(dir, HELD_OUT_HUMAN_PACKAGES, path.join(KLETTRES, 'syllab/ma.ogg'));
  await debianPackages(dir, HELD_OUT_HUMAN_PACKAGES, path.join(COLOMBIAN, 'digits/5.gsm'));
  return dir;
}

/** The notices the sources ask to keep beside anything made from them. */
export const licenceFiles = {
  'asterisk-prompt-es-co.txt': [
    'usr/share/doc/asterisk-prompt-es-co/copyright',
    'usr/share/doc/asterisk-prompt-es-co/LEEME',
  ],
  'klettres-data.txt': ['usr/share/doc/klettres-data/copyright'],
  'drascula-spanish.txt': [
    'usr/share/doc/drascula-spanish/copyright',
    'usr/share/doc/drascula-spanish/readme_international.txt',
  ],
} as const;

// --- Colombian prompts (July E. Jiménez) -------------------------------------------------------

/**
 * Numbers whose prompt says one reading only («uno»/«un» and «veintiuno»/«veintiún» are left out)
 * → their value, which names the file.
 */
const CO_NUMBERS = new Map<string, number>(
  [
    ...UNITS.map((word, n) => [word, n] as const),
    ...TEENS.map((word, n) => [word, 10 + n] as const),
    ...TWENTIES.map((word, n) => [word, 20 + n] as const),
    ...TENS.map((word, n) => [word, 30 + 10 * n] as const),
  ].filter(([word]) => word !== 'uno' && word !== 'veintiuno'),
);
const CO_FILES = new Map<string, string>([
  ...[...CO_NUMBERS].map(([word, n]) => [word, `digits/${n}`] as [string, string]),
  ...DAYS.map((word, n) => [word, `digits/day-${n}`] as [string, string]),
  ...MONTHS.map((word, n) => [word, `digits/mon-${n}`] as [string, string]),
  ['mil', 'digits/thousand'],
  ['hoy', 'digits/today'],
  ['mañana', 'digits/tomorrow'],
  ['ayer', 'digits/yesterday'],
]);
const DIGITS = ['cero', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const SMALL = [...CO_NUMBERS.keys()].filter((word) => CO_NUMBERS.get(word)! >= 2);

/** Phrases the Colombian prompts can say: a day, number lists, digit strings, months, thousands. */
const colombianPhrase: PhraseMaker = (random) => {
  const kind = random();
  let words: string[];
  let separator = ', ';
  if (kind < 0.25) {
    words = [pick(random, ['hoy', 'mañana', 'ayer']), pick(random, DAYS), pick(random, SMALL)];
    separator = ' ';
  } else if (kind < 0.5) {
    words = Array.from({ length: 3 + Math.floor(random() * 2) }, () => pick(random, SMALL));
  } else if (kind < 0.75) {
    words = Array.from({ length: 4 + Math.floor(random() * 3) }, () => pick(random, DIGITS));
  } else if (kind < 0.88) {
    words = Array.from({ length: 3 }, () => pick(random, MONTHS));
  } else {
    words = [pick(random, SMALL), 'mil'];
    separator = ' ';
  }
  return { words, text: `${words.join(separator)}.` };
};

const colombianWord = (dir: string) =>
  promptCache((word) => {
    const file = CO_FILES.get(word);
    if (!file) throw new Error(`no Colombian prompt for "${word}"`);
    return loadPrompt(path.join(dir, COLOMBIAN, `${file}.gsm`), 8000, 'floor');
  });

/** Colombian words joined tightly (0–60 ms apart), as Allison's `human-words`. */
export async function colombianWords(dir: string, items: number): Promise<HumanItem[]> {
  const promptFor = colombianWord(dir);
  const result: HumanItem[] = [];
  for (let n = 0; n < items; n++) {
    result.push(
      await joinWords({
        seedName: `co-words:${n}`,
        name: `co-words-${n + 1}`,
        phrase: colombianPhrase,
        promptFor,
        phrases: 14,
        gap: (random) => random() * 0.06,
      }),
    );
  }
  return result;
}

/** Colombian words read as dictation: 0.4–1.3 s between words. */
export function colombianDictated(dir: string): Promise<HumanItem> {
  return joinWords({
    seedName: 'co-dictated',
    name: 'co-words-dictated',
    phrase: colombianPhrase,
    promptFor: colombianWord(dir),
    phrases: 10,
    gap: (random) => 0.4 + random() * 0.9,
  });
}

// --- KLettres syllables ----------------------------------------------------------------------

/** Syllable files → how each is written (`nna` is «ña»); ones with two readings are left out. */
const SYLLABLES = new Map<string, string>(
  [
    ...['b', 'd', 'f', 'j', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'y', 'z'].flatMap((c) =>
      ['a', 'e', 'i', 'o', 'u'].map((v) => `${c}${v}`),
    ),
    'ca',
    'co',
    'cu',
    'ga',
    'go',
    'gu',
    'que',
    'qui',
    'gue',
    'gui',
  ]
    .filter((s) => s !== 'yi')
    .map((s) => [s, s] as [string, string])
    .concat(['a', 'e', 'i', 'o', 'u'].map((v) => [`nn${v}`, `ñ${v}`] as [string, string])),
);

/** KLettres' syllables, three to five a line, 0.3–0.9 s apart: a teacher dictating. */
export async function klettresDictated(dir: string): Promise<HumanItem> {
  const files = [...SYLLABLES.keys()];
  const byText = new Map([...SYLLABLES].map(([file, text]) => [text, file]));
  const promptFor = promptCache((text) =>
    loadPrompt(path.join(dir, KLETTRES, 'syllab', `${byText.get(text)}.ogg`), 16000, 'floor'),
  );
  return joinWords({
    seedName: 'klettres',
    name: 'syllables-dictated',
    phrase: (random) => {
      const words = Array.from({ length: 3 + Math.floor(random() * 3) }, () =>
        SYLLABLES.get(pick(random, files))!,
      );
      return { words, text: `${words.join(', ')}.` };
    },
    promptFor,
    phrases: 12,
    gap: (random) => 0.3 + random() * 0.6,
  });
}

// --- Drascula ----------------------------------------------------------------------------------

/** The game's voice files: 8-bit unsigned PCM at 11,025 Hz, no header. */
async function drasculaLine(dir: string, file: string): Promise<PassageLine['prompt']> {
  const bytes = await readFile(path.join(dir, DRASCULA, file));
  const samples = Float32Array.from(bytes, (byte) => (byte - 128) / 128);
  const pcm = await resamplePcm({ samples, sampleRate: 11_025 }, 16_000);
  return promptFrom(pcm.samples, pcm.sampleRate, 'floor');
}

/** Lines said by the game's characters: the voice file, and what it says. */
type Lines = readonly (readonly [file: string, text: string])[];

/** Von Braun, the vampire hunter: the one Drascula voice in dev. */
export const DRASCULA_DEV: Lines = [
  ['VB1.ALS', '¿Quién diablos llama a estas horas?'],
  ['VB3.ALS', '¡No, no sé dónde está!'],
  ['VB5.ALS', 'Imbécil. Ya es demasiado tarde, siempre lo es.'],
  ['VB6.ALS', 'Estoy totalmente de acuerdo.'],
  ['VB11.ALS', '¿Te apuestas todo tu dinero a que no?'],
  ['VB15.ALS', 'De acuerdo. Espera un momento.'],
  ['VB16.ALS', 'Por favor, ponte en el centro de la habitación.'],
  ['VB18.ALS', 'Muy bien. Vamos allá.'],
  ['VB19.ALS', '¿Ves? Eres un inútil, como todos los demás.'],
  ['VB20.ALS', 'Ahora dame el dinero que has perdido y vete de aquí.'],
  ['VB21.ALS', 'Y no vuelvas hasta que no estés preparado del todo.'],
];

/** Held-out passages: the hero John Hacker; Drascula and Igor; six other characters. */
export const DRASCULA_HELD_OUT: Record<string, Lines> = {
  'john-hacker': [
    ['1.ALS', 'Es la segunda puerta más grande que he visto en mi vida.'],
    ['3.ALS', 'Está sellada con tablones. La iglesia debe llevar abandonada varios años.'],
    ['6.ALS', 'Hola, puerta. Te voy a hacer un marco.'],
    ['12.ALS', 'Hola, ventana. ¿Tienes algo que hacer esta noche?'],
    ['13.ALS', 'No sin el permiso de obras públicas.'],
    ['21.ALS', 'Es una tumba en forma de cruz.'],
    ['23.ALS', 'Hola, muerto. ¿Quieres gusanitos?'],
    ['24.ALS', 'Sí, hombre. Como en Poltergueist.'],
    ['27.ALS', 'Vuelvo en quince minutos.'],
    ['34.ALS', 'No, está bien aparcado.'],
  ],
  'drascula-igor': [
    ['D1.ALS', '¿Cómo va todo, Igor?'],
    ['I1.ALS', 'Maestro, creo que esto no rula.'],
    ['D11.ALS', '¡Maldita sea! ¿Qué es lo que ha podido fallar?'],
    ['I9.ALS', '¿Y a mí qué me cuenta, maestro?'],
    ['D14.ALS', 'Estás muerto, estás muerto, como te coja…'],
    ['I7.ALS', '¡Maestro! ¡No le esperaba tan pronto!'],
    ['D24.ALS', 'Ja, ja, ja. Qué te crees tú eso.'],
    ['I5.ALS', 'Calle, maestro, que como le oigan las feministas…'],
    ['D19.ALS', 'Dime, humano estúpido, ¿cómo es que te ha dado por querer destruirme?'],
    ['I26.ALS', 'Bueno, por hoy ya vale. Me voy a cenar.'],
  ],
  village: [
    ['BJ16.ALS', 'Johny, ¿eres tú? ¡Qué alegría! ¡Sabía que vendrías!'],
    ['T4.ALS', 'No, nada. Ese tipo tiene mala fama por aquí.'],
    ['P9.ALS', 'No puedo tocar más que esta canción.'],
    ['B6.ALS', 'Mi tío. Fue al castillo y no volvió.'],
    ['BJ21.ALS', 'Estoy lista para que me saques de aquí.'],
    ['L16.ALS', 'No sé de qué me hablas, efímera criatura.'],
    ['T12.ALS', 'Pues claro, no soy ciego.'],
    ['E8.ALS', 'Mi nombre es Desiderio, para servirle a usted.'],
    ['P12.ALS', 'Porque llevo tapones en los oídos.'],
    ['B10.ALS', 'De vez en cuando baja al pueblo y se lleva a alguien.'],
    ['L14.ALS', 'Ni siquiera me afecta. Para nada, de verdad.'],
    ['E22.ALS', 'Me gustaría ser modelo.'],
  ],
};

/** A passage of the game's lines, 0.3–1.2 s apart (a reading of the lines, not the game's timing). */
export async function drasculaPassage(dir: string, name: string, lines: Lines): Promise<HumanItem> {
  const loaded: PassageLine[] = [];
  for (const [file, text] of lines) loaded.push({ prompt: await drasculaLine(dir, file), text });
  return joinPassage(`drascula:${name}`, name, loaded, (random) => 0.3 + random() * 0.9);
}
