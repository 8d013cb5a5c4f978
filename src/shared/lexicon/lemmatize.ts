// Rule-based Spanish lemmatiser. It proposes dictionary forms for an inflected word without
// looking at the lexicon; gloss.ts keeps the proposals that the lexicon knows.

import {
  DICTIONARY_FIRST,
  irregularForms,
  irregularTenses,
  PERSONS,
  TENSE_ORDER,
  type Tense,
} from './irregular.ts';

/**
 * Which parts of speech a proposal may resolve to: nominal = noun, adjective, determiner,
 * pronoun or number; gendered = the same without nouns, except nouns of people and animals that
 * form a feminine (amiga → amigo), so that trabaja never resolves to the noun trabajo.
 */
export type Want = 'any' | 'verb' | 'nominal' | 'gendered' | 'adj' | 'notverb';

export interface Analysis {
  lemma: string;
  want: Want;
  /** Lower is likelier. */
  rank: number;
  /** What was undone, e.g. "plural" or "preterite: he/she". */
  form?: string;
  /** Match the lemma ignoring accents (rapidísimo → rápido). */
  loose?: boolean;
}

const ACUTE: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };
const PLAIN: Record<string, string> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' };

/**
 * Lower-case, keep letters (with accents, ü and ñ), drop everything else. A word with a digit
 * (`15.000`, `3.os`, `2a`) is no word of the lexicon: it normalises to nothing rather than to its
 * letters (`os`, `a`). Numbers have their own English (numbers.ts).
 */
export function normalizeWord(word: string): string {
  if (/\p{N}/u.test(word)) return '';
  return word
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^a-záéíóúüñ]/g, '');
}

export function deaccent(s: string): string {
  return s.replace(/[áéíóúü]/g, (c) => PLAIN[c] ?? c);
}

function accentLastVowel(s: string): string {
  for (let i = s.length - 1; i >= 0; i--) {
    const acute = ACUTE[s[i] as string];
    if (acute) return s.slice(0, i) + acute + s.slice(i + 1);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Regular verb endings

type Conj = 'ar' | 'er' | 'ir';

interface EndingDef {
  end: string;
  conj: Conj;
  parts: Part[];
  /** Whether some reading can carry enclitic pronouns. */
  host: boolean;
  /** describe(parts), computed on first use. */
  desc?: string;
}

const HOST_SUBJ = new Set([2, 3, 5]); // usted, nosotros, ustedes commands

type Part = { tense: Tense; persons: number[] };
type Host = { clitic: string; alone: boolean };

/**
 * The part of a form that can carry enclitics (imperatives, infinitive, gerund), or null.
 * `clitic` is the pronoun right after the verb: a lone se never follows a tú command
 * (siéntese is usted), and te never follows an usted one (siéntate is tú).
 */
function hostPart(p: Part, clitic: string, alone: boolean): Part | null {
  if (p.tense === 'infinitive' || p.tense === 'gerund') return p;
  if (p.tense === 'imperative') return clitic === 'se' && alone ? null : p;
  if (p.tense !== 'present subjunctive' || clitic === 'te') return null;
  const persons = p.persons.filter((x) => HOST_SUBJ.has(x));
  return persons.length ? { tense: p.tense, persons } : null;
}

function buildEndings(): EndingDef[] {
  const map = new Map<string, EndingDef>();
  const add = (conj: Conj, tense: Tense, ends: string, personsFor?: (i: number) => number[]) => {
    ends.split(' ').forEach((end, i) => {
      const persons = personsFor ? personsFor(i) : [i];
      const key = `${conj}:${end}`;
      const def = map.get(key) ?? { end, conj, parts: [], host: false };
      const part = def.parts.find((p) => p.tense === tense);
      if (part) {
        for (const p of persons) if (!part.persons.includes(p)) part.persons.push(p);
      } else def.parts.push({ tense, persons: [...persons] });
      if (
        tense === 'infinitive' ||
        tense === 'gerund' ||
        tense === 'imperative' ||
        (tense === 'present subjunctive' && persons.some((p) => HOST_SUBJ.has(p)))
      ) {
        def.host = true;
      }
      map.set(key, def);
    });
  };
  const none = () => [];
  const both = (conjs: Conj[], tense: Tense, ends: string, personsFor?: (i: number) => number[]) =>
    conjs.forEach((c) => add(c, tense, ends, personsFor));

  add('ar', 'present', 'o as a amos áis an');
  add('er', 'present', 'o es e emos éis en');
  add('ir', 'present', 'o es e imos ís en');
  add('ar', 'preterite', 'é aste ó amos asteis aron');
  both(['er', 'ir'], 'preterite', 'í iste ió imos isteis ieron');
  both(['er', 'ir'], 'preterite', 'í íste yó ímos ísteis yeron'); // leí, leyó, construyó
  add('ar', 'imperfect', 'aba abas aba ábamos abais aban');
  both(['er', 'ir'], 'imperfect', 'ía ías ía íamos íais ían');
  add('ar', 'future', 'aré arás ará aremos aréis arán');
  add('er', 'future', 'eré erás erá eremos eréis erán');
  add('ir', 'future', 'iré irás irá iremos iréis irán');
  add('ar', 'conditional', 'aría arías aría aríamos aríais arían');
  add('er', 'conditional', 'ería erías ería eríamos eríais erían');
  add('ir', 'conditional', 'iría irías iría iríamos iríais irían');
  add('ar', 'present subjunctive', 'e es e emos éis en');
  both(['er', 'ir'], 'present subjunctive', 'a as a amos áis an');
  add('ar', 'imperfect subjunctive', 'ara aras ara áramos arais aran');
  add('ar', 'imperfect subjunctive', 'ase ases ase ásemos aseis asen');
  for (const v of ['ie', 'ye']) {
    const ve = v === 'ie' ? 'ié' : 'yé';
    both(
      ['er', 'ir'],
      'imperfect subjunctive',
      `${v}ra ${v}ras ${v}ra ${ve}ramos ${v}rais ${v}ran`,
    );
    both(
      ['er', 'ir'],
      'imperfect subjunctive',
      `${v}se ${v}ses ${v}se ${ve}semos ${v}seis ${v}sen`,
    );
  }
  add('ar', 'imperative', 'a ad', (i) => [i === 0 ? 1 : 4]);
  add('er', 'imperative', 'e ed', (i) => [i === 0 ? 1 : 4]);
  add('ir', 'imperative', 'e id', (i) => [i === 0 ? 1 : 4]);
  add('ar', 'gerund', 'ando', none);
  both(['er', 'ir'], 'gerund', 'iendo yendo', none);
  add('ar', 'past participle', 'ado ada ados adas', none);
  both(['er', 'ir'], 'past participle', 'ido ida idos idas ído ída ídos ídas', none);
  add('ar', 'infinitive', 'ar', none);
  add('er', 'infinitive', 'er', none);
  add('ir', 'infinitive', 'ir ír', none);

  const defs = [...map.values()];
  for (const d of defs) d.parts.sort((a, b) => TENSE_ORDER[a.tense] - TENSE_ORDER[b.tense]);
  return defs.sort((a, b) => b.end.length - a.end.length);
}

let endings: { bySuffix: Map<string, EndingDef[]>; longest: number } | undefined;

function getEndings() {
  if (endings) return endings;
  const bySuffix = new Map<string, EndingDef[]>();
  let longest = 0;
  for (const def of buildEndings()) {
    const list = bySuffix.get(def.end);
    if (list) list.push(def);
    else bySuffix.set(def.end, [def]);
    longest = Math.max(longest, def.end.length);
  }
  endings = { bySuffix, longest };
  return endings;
}

function describe(parts: Part[]): string {
  return parts
    .map(({ tense, persons }) =>
      persons.length
        ? `${tense}: ${[...persons]
            .sort()
            .map((p) => PERSONS[p])
            .join(', ')}`
        : tense,
    )
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Stem transformations, undone

/** Spelling changes at the end of a stem: busqu→busc, llegu→lleg, empec→empez, conozc→conoc … */
function spellingVariants(stem: string): string[] {
  const out: string[] = [];
  const swap = (from: string, to: string) => {
    if (stem.endsWith(from)) out.push(stem.slice(0, -from.length) + to);
  };
  swap('qu', 'c');
  swap('gu', 'g');
  swap('gü', 'gu');
  swap('zc', 'c');
  swap('c', 'z');
  swap('z', 'c');
  swap('g', 'gu');
  swap('j', 'g');
  swap('uy', 'u');
  return out;
}

/** Stem-vowel changes in the last syllable of the stem: ie→e, ue→o, i→e, u→o, ue→u. */
function stemChangeVariants(stem: string): string[] {
  const out: string[] = [];
  const ie = stem.lastIndexOf('ie');
  const ue = stem.lastIndexOf('ue');
  const lastVowel = stem.search(/[aeiou][^aeiou]*$/);
  if (ie >= 0 && ie >= lastVowel - 1) {
    out.push(stem.slice(0, ie) + 'e' + stem.slice(ie + 2));
    out.push(stem.slice(0, ie) + 'i' + stem.slice(ie + 2));
  }
  if (ue >= 0 && ue >= lastVowel - 1 && !/[qg]$/.test(stem.slice(0, ue))) {
    if (stem.startsWith('hue') && ue === 1) out.push('o' + stem.slice(3));
    out.push(stem.slice(0, ue) + 'o' + stem.slice(ue + 2));
    out.push(stem.slice(0, ue) + 'u' + stem.slice(ue + 2));
  }
  if (lastVowel >= 0) {
    const v = stem[lastVowel];
    const prev = stem[lastVowel - 1];
    if (v === 'i' && prev !== 'u')
      out.push(stem.slice(0, lastVowel) + 'e' + stem.slice(lastVowel + 1));
    if (v === 'u' && prev !== 'q' && prev !== 'g') {
      out.push(stem.slice(0, lastVowel) + 'o' + stem.slice(lastVowel + 1));
    }
  }
  return out;
}

/** Candidate stems with a penalty for each change undone. */
function stemVariants(stem: string): Array<[string, number]> {
  const out = new Map<string, number>();
  const add = (s: string, penalty: number) => {
    if (!s) return;
    const known = out.get(s);
    if (known === undefined || penalty < known) out.set(s, penalty);
  };
  const bases = [stem];
  const plain = deaccent(stem);
  if (plain !== stem) bases.push(plain);
  for (const base of bases) {
    add(base, 0);
    for (const s of spellingVariants(base)) {
      add(s, 1);
      for (const c of stemChangeVariants(s)) add(c, 2);
    }
    for (const c of stemChangeVariants(base)) {
      add(c, 1);
      for (const s of spellingVariants(c)) add(s, 2);
    }
  }
  return [...out];
}

function infinitive(stem: string, conj: Conj): string {
  return conj === 'ir' && /[aeo]$/.test(stem) ? `${stem}ír` : stem + conj;
}

// ---------------------------------------------------------------------------------------------
// Verb analyses

const DUCIR =
  /^(.*du)j(e|iste|o|imos|isteis|eron|era|eras|éramos|erais|eran|ese|eses|ésemos|eseis|esen)$/;
const DUCIR_PRETERITE = new Set(['e', 'iste', 'o', 'imos', 'isteis', 'eron']);

/** `host`: only forms that can carry this enclitic (the pronoun next to the verb). */
function irregularAnalyses(w: string, host?: Host): Analysis[] {
  const out: Analysis[] = [];
  for (const f of irregularForms().get(w) ?? []) {
    const part = host ? hostPart(f, host.clitic, host.alone) : f;
    if (!part) continue;
    const weak = f.tense === 'past participle' || DICTIONARY_FIRST.has(w);
    out.push({
      lemma: f.lemma,
      want: 'verb',
      rank: (weak ? 30 : 5) + TENSE_ORDER[f.tense] * 0.01,
      form: describe([part]),
    });
  }
  return out;
}

function regularVerbAnalyses(w: string, host?: Host): Analysis[] {
  const { bySuffix, longest } = getEndings();
  const covered = irregularTenses();
  const out: Analysis[] = [];
  for (let k = Math.min(longest, w.length - 1); k >= 1; k--) {
    for (const def of bySuffix.get(w.slice(-k)) ?? []) {
      if (host && !def.host) continue;
      const stem = w.slice(0, -def.end.length);
      for (const [variant, penalty] of stemVariants(stem)) {
        const lemma = infinitive(variant, def.conj);
        // A tense the irregular table lists in full is never also regular (vamos is not ver).
        let parts: Part[] = def.parts.filter((p) => !covered.has(`${lemma}|${p.tense}`));
        if (host) {
          parts = parts
            .map((p) => hostPart(p, host.clitic, host.alone))
            .filter((p): p is Part => p !== null);
        }
        const first = parts[0];
        if (!first) continue;
        out.push({
          lemma,
          want: 'verb',
          rank:
            40 + (6 - Math.min(def.end.length, 6)) + TENSE_ORDER[first.tense] * 0.1 + penalty * 0.6,
          form:
            parts.length === def.parts.length ? (def.desc ??= describe(parts)) : describe(parts),
        });
      }
    }
  }
  const m = DUCIR.exec(w);
  if (m && !host) {
    out.push({
      lemma: `${m[1]}cir`,
      want: 'verb',
      rank: 38,
      form: DUCIR_PRETERITE.has(m[2] ?? '') ? 'preterite' : 'imperfect subjunctive',
    });
  }
  return out;
}

function verbAnalyses(w: string, host?: Host): Analysis[] {
  return [...irregularAnalyses(w, host), ...regularVerbAnalyses(w, host)];
}

const CLITICS = ['nos', 'los', 'las', 'les', 'me', 'te', 'se', 'lo', 'la', 'le', 'os'];

/** dímelo → di + me + lo; levantarse → levantar + se; vámonos → vamos + nos. */
function cliticAnalyses(w: string): Analysis[] {
  const out: Analysis[] = [];
  const strip = (rest: string, after: string[]) => {
    for (const c of CLITICS) {
      if (!rest.endsWith(c) || rest.length - c.length < 2) continue;
      const base = rest.slice(0, -c.length);
      const chain = [c, ...after];
      const bases = new Set([base, deaccent(base)]);
      if (c === 'nos' && base.endsWith('mo')) bases.add(deaccent(base) + 's');
      if (c === 'os' && /[aei]$/.test(deaccent(base))) bases.add(deaccent(base) + 'd');
      for (const b of bases) {
        for (const a of verbAnalyses(b, { clitic: c, alone: after.length === 0 })) {
          out.push({
            ...a,
            rank: 60 + after.length + a.rank * 0.01,
            form: `${a.form ?? 'verb'} + ${chain.join(' + ')}`,
          });
        }
      }
      if (after.length < 2) strip(base, chain);
    }
  };
  strip(w, []);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Nouns, adjectives, determiners

const APOCOPE: Record<string, string> = {
  algún: 'alguno',
  ningún: 'ninguno',
  buen: 'bueno',
  mal: 'malo',
  gran: 'grande',
  primer: 'primero',
  tercer: 'tercero',
  san: 'santo',
  veintiún: 'veintiuno',
  cualquier: 'cualquiera',
};

/** Masculine forms for a feminine singular: blanca → blanco, trabajadora → trabajador. */
function masculine(w: string): string[] {
  const out: string[] = [];
  if (!w.endsWith('a') || w.length < 3) return out;
  const stem = w.slice(0, -1);
  out.push(`${stem}o`);
  if (/[lrzn]$/.test(stem)) out.push(stem); // trabajadora → trabajador, española → español
  if (/(on|es|an|in)$/.test(stem)) out.push(accentLastVowel(stem)); // inglesa → inglés
  out.push(`${stem}e`); // jefa → jefe
  return out;
}

function nominalAnalyses(w: string): Analysis[] {
  const out: Analysis[] = [];
  const push = (lemma: string, form: string, rank: number, want: Want = 'nominal') => {
    if (lemma.length >= 1 && lemma !== w) out.push({ lemma, want, rank, form });
  };
  const apocope = APOCOPE[w];
  if (apocope) out.push({ lemma: apocope, want: 'notverb', rank: 15, form: 'short form' });

  masculine(w).forEach((m, i) => push(m, 'feminine', 20 + (i ? 0.6 : 0), 'gendered'));
  if (w.endsWith('as') && w.length > 3) push(`${w.slice(0, -2)}os`, 'feminine', 20, 'gendered');
  if (w.endsWith('s') && w.length > 2) {
    const singular = w.slice(0, -1);
    push(singular, 'plural', 21);
    masculine(singular).forEach((m, i) =>
      push(m, 'feminine plural', 22 + (i ? 0.6 : 0), 'gendered'),
    );
    if (w.endsWith('es') && w.length > 3) {
      const stem = w.slice(0, -2);
      push(stem, 'plural', 23);
      if (stem.endsWith('c')) push(`${stem.slice(0, -1)}z`, 'plural', 23);
      const plain = deaccent(stem);
      if (plain !== stem) push(plain, 'plural', 24);
      else if (/[aeiou][ns]$/.test(stem)) push(accentLastVowel(stem), 'plural', 24);
    }
  }
  return out;
}

/** gatito → gato, casita → casa, cafecito → café, poquito → poco (accents restored loosely). */
function diminutiveAnalyses(w: string): Analysis[] {
  const out: Analysis[] = [];
  const m = /^(.{2,}?)(it|ill)(o|a)(s?)$/.exec(w);
  if (!m) return out;
  const [, base = '', , vowel = 'o', plural] = m;
  const form = plural ? 'diminutive, plural' : 'diminutive';
  const other = vowel === 'o' ? 'a' : 'o';
  const stems = [base];
  if (base.endsWith('qu')) stems.push(`${base.slice(0, -2)}c`);
  if (base.endsWith('gu')) stems.push(`${base.slice(0, -2)}g`);
  const seen = new Set<string>();
  const push = (lemma: string, rank: number) => {
    if (lemma.length < 2 || seen.has(lemma)) return;
    seen.add(lemma);
    out.push({ lemma, want: 'notverb', rank, form, loose: true });
  };
  for (const s of stems) {
    push(s + vowel, 70);
    push(s + other, 70.5);
    push(`${s}e`, 71);
  }
  if (base.endsWith('c')) {
    const cut = base.slice(0, -1);
    push(cut, 71); // cafecito → cafe(é), mujercita → mujer
    push(`${cut}z`, 71.5); // tacita → taza
    push(`${cut}za`, 71.5);
    if (cut.endsWith('e')) {
      push(cut.slice(0, -1), 71.5); // panecito → pan
      if (cut.endsWith('ce')) push(`${cut.slice(0, -2)}z`, 71.5); // lucecita → luz
    }
  }
  return out;
}

/** muchísimo → mucho, rapidísimo → rápido, riquísimo → rico, amabilísimo → amable. */
function superlativeAnalyses(w: string): Analysis[] {
  const m = /^(.{2,})ísim(o|a)s?$/.exec(w);
  if (!m) return [];
  const base = m[1] ?? '';
  const stems = [base];
  if (base.endsWith('qu')) stems.push(`${base.slice(0, -2)}c`);
  if (base.endsWith('gu')) stems.push(`${base.slice(0, -2)}g`);
  if (base.endsWith('c')) stems.push(`${base.slice(0, -1)}z`);
  if (base.endsWith('bil')) stems.push(`${base.slice(0, -3)}ble`);
  const out: Analysis[] = [];
  for (const s of stems) {
    for (const lemma of [`${s}o`, `${s}e`, s]) {
      out.push({ lemma, want: 'nominal', rank: 72, form: 'superlative (very …)', loose: true });
    }
  }
  return out;
}

/** rápidamente → rápido, fácilmente → fácil. */
function menteAnalyses(w: string): Analysis[] {
  if (!w.endsWith('mente') || w.length < 8) return [];
  const base = w.slice(0, -5);
  const out: Analysis[] = [];
  if (base.endsWith('a')) {
    out.push({ lemma: `${base.slice(0, -1)}o`, want: 'adj', rank: 74, form: 'adverb (-mente)' });
  }
  out.push({ lemma: base, want: 'adj', rank: 74.5, form: 'adverb (-mente)' });
  return out;
}

// ---------------------------------------------------------------------------------------------

/**
 * Every reading of a word, likeliest first: irregular verb forms, the word itself, plural and
 * gender, regular conjugations (with stem and spelling changes), enclitic pronouns, diminutives,
 * superlatives and -mente adverbs.
 */
export function analyzeWord(word: string): Analysis[] {
  const w = normalizeWord(word);
  if (!w) return [];
  const out: Analysis[] = [
    ...irregularAnalyses(w),
    { lemma: w, want: 'any', rank: 10 },
    ...nominalAnalyses(w),
    ...regularVerbAnalyses(w),
    ...cliticAnalyses(w),
    ...diminutiveAnalyses(w),
    ...superlativeAnalyses(w),
    ...menteAnalyses(w),
  ];
  return out.sort((a, b) => a.rank - b.rank);
}

/**
 * Possible lemmas of a word, likeliest first, starting with the word itself (lower-cased,
 * punctuation removed). Lexicon-independent: most proposals for a given word are not words.
 */
export function lemmaCandidates(word: string): string[] {
  const w = normalizeWord(word);
  if (!w) return [];
  const seen = new Set<string>([w]);
  const out = [w];
  for (const a of analyzeWord(w)) {
    if (!seen.has(a.lemma)) {
      seen.add(a.lemma);
      out.push(a.lemma);
    }
  }
  return out;
}
