// Word-by-word glosses: the lemmatiser's proposals filtered through the lexicon.

import { getLexicon, hasFeminineForm, type LexiconEntry, type PartOfSpeech } from './entries.ts';
import { analyzeWord, deaccent, normalizeWord, type Want } from './lemmatize.ts';
import { numberGloss } from './numbers.ts';

export interface WordGloss {
  lemma: string;
  pos: PartOfSpeech;
  en: string;
  /** The inflection that was undone, e.g. "plural", "preterite: he/she", "gerund + se". */
  form?: string;
  /** Other readings about as likely (fue: ser and ir; la: article and pronoun). */
  also?: Array<{ lemma: string; pos: PartOfSpeech; en: string }>;
}

export interface LookupOptions {
  /** Context hint: after an article prefer a noun (or adjective), after a pronoun a verb. */
  prefer?: 'verb' | 'noun';
}

interface Indexed {
  entry: LexiconEntry;
  order: number;
}

interface Match extends Indexed {
  rank: number;
  form?: string;
}

let index: { exact: Map<string, Indexed[]>; loose: Map<string, Indexed[]> } | undefined;

function getIndex() {
  if (index) return index;
  const exact = new Map<string, Indexed[]>();
  const loose = new Map<string, Indexed[]>();
  getLexicon().forEach((entry, order) => {
    const item = { entry, order };
    for (const [map, key] of [
      [exact, entry.lemma],
      [loose, deaccent(entry.lemma)],
    ] as const) {
      const list = map.get(key);
      if (list) list.push(item);
      else map.set(key, [item]);
    }
  });
  index = { exact, loose };
  return index;
}

const NOMINAL = new Set<PartOfSpeech>(['noun', 'adj', 'det', 'pron', 'num']);

function fits(want: Want, e: LexiconEntry): boolean {
  switch (want) {
    case 'any':
      return true;
    case 'verb':
      return e.pos === 'verb';
    case 'nominal':
      return NOMINAL.has(e.pos);
    case 'gendered':
      return e.pos === 'noun' ? hasFeminineForm(e.lemma) : NOMINAL.has(e.pos);
    case 'adj':
      return e.pos === 'adj';
    case 'notverb':
      return e.pos !== 'verb';
  }
}

/** Accent-insensitive matches rank below every exact one. */
const LOOSE_PENALTY = 100;
const CACHE_LIMIT = 20_000;
const cache = new Map<string, Match[]>();

function matches(word: string): Match[] {
  const w = normalizeWord(word);
  if (!w) return [];
  const cached = cache.get(w);
  if (cached) return cached;
  const { exact, loose } = getIndex();
  const best = new Map<LexiconEntry, Match>();
  const consider = (list: Indexed[] | undefined, want: Want, rank: number, form?: string) => {
    for (const item of list ?? []) {
      if (!fits(want, item.entry)) continue;
      const known = best.get(item.entry);
      if (!known || rank < known.rank) best.set(item.entry, { ...item, rank, form });
    }
  };
  for (const a of analyzeWord(w)) {
    if (!a.loose) consider(exact.get(a.lemma), a.want, a.rank, a.form);
    consider(loose.get(deaccent(a.lemma)), a.want, a.rank + (a.loose ? 0 : LOOSE_PENALTY), a.form);
  }
  const list = [...best.values()].sort((a, b) => a.rank - b.rank || a.order - b.order);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(w, list);
  return list;
}

/** English for an adverb in -mente from its adjective's senses: rápido → quickly. */
function asAdverb(en: string): string {
  const senses = splitSenses(en)
    .slice(0, 2)
    .map((sense) => {
      if (/\s|\(/.test(sense)) return `in a ${sense} way`;
      if (sense === 'good') return 'well';
      if (sense === 'true') return 'truly';
      if (/[^aeiou]y$/.test(sense)) return `${sense.slice(0, -1)}ily`;
      if (/[^aeiou]le$/.test(sense)) return `${sense.slice(0, -1)}y`;
      if (/ic$/.test(sense)) return `${sense}ally`;
      if (/ll$/.test(sense)) return `${sense}y`;
      return `${sense}ly`;
    });
  return senses.join(', ');
}

/** Senses of an `en` string, splitting on commas outside brackets. */
export function splitSenses(en: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of en) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

function toGloss(m: Match): Omit<WordGloss, 'also'> {
  const adverb = m.form === 'adverb (-mente)';
  const gloss: Omit<WordGloss, 'also'> = {
    lemma: m.entry.lemma,
    pos: adverb ? 'adv' : m.entry.pos,
    en: adverb ? asAdverb(m.entry.en) : m.entry.en,
  };
  if (m.form) gloss.form = m.form;
  return gloss;
}

/**
 * The likeliest dictionary entry for a word in any inflected form, or null when the lemma is
 * not among the lexicon's words (names, rare words).
 */
export function lookupWord(word: string, options: LookupOptions = {}): WordGloss | null {
  const list = matches(word);
  let best = list[0];
  if (!best) return null;
  if (options.prefer) {
    const wanted: Want = options.prefer === 'verb' ? 'verb' : 'nominal';
    const preferred = list.find((m) => m.rank < LOOSE_PENALTY && fits(wanted, m.entry));
    if (preferred) best = preferred;
  }
  const gloss: WordGloss = toGloss(best);
  const also = list
    .filter(
      (m) =>
        m !== best &&
        m.rank <= best.rank + 0.5 &&
        m.rank < LOOSE_PENALTY &&
        (m.entry.lemma !== best.entry.lemma || m.entry.pos !== best.entry.pos),
    )
    .slice(0, 2)
    .map((m) => ({ lemma: m.entry.lemma, pos: m.entry.pos, en: m.entry.en }));
  if (also.length) gloss.also = also;
  return gloss;
}

/**
 * Every reading the lexicon has for the word as written (accent-insensitive matches only when
 * there is no other), likeliest first: lookupWord's choice and its `also`, and the rarer ones it
 * leaves out (`pasa`: the noun "raisin" first, then pasar's "to pass, happen").
 */
export function allReadings(word: string): WordGloss[] {
  const list = matches(word);
  const exact = list.filter((m) => m.rank < LOOSE_PENALTY);
  return (exact.length > 0 ? exact : list.slice(0, 1)).map(toGloss);
}

/**
 * A word's English for a learner who looks it up alone (the word popup, a saved word): a number's
 * English form (`15.000` → "15,000", `1.º` → "1st"), else the lexicon's senses of its likeliest
 * reading; undefined when neither knows it.
 */
export function englishOfWord(word: string): string | undefined {
  return numberGloss(word) ?? lookupWord(word)?.en;
}

/** Whether the word's lemma is one of the lexicon's common words. */
export function isTopWord(word: string): boolean {
  return matches(word).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Running text

/** Multi-word expressions; `~lemma` matches any form of that lemma. */
const PHRASES: Array<[string, string]> = [
  ['por favor', 'please'],
  ['sin embargo', 'however, nevertheless'],
  ['de nuevo', 'again'],
  ['otra vez', 'again'],
  ['a veces', 'sometimes'],
  ['de repente', 'suddenly'],
  ['por fin', 'at last, finally'],
  ['sobre todo', 'above all, especially'],
  ['a lo mejor', 'maybe, perhaps'],
  ['tal vez', 'maybe, perhaps'],
  ['por eso', "that's why, so"],
  ['por qué', 'why'],
  ['lo que', 'what, which'],
  ['de verdad', 'really, truly'],
  ['a menudo', 'often'],
  ['en seguida', 'at once, right away'],
  ['de vez en cuando', 'from time to time'],
  ['buenos días', 'good morning, hello'],
  ['buenas tardes', 'good afternoon, good evening'],
  ['buenas noches', 'good evening, good night'],
  ['hasta luego', 'see you later'],
  ['hasta mañana', 'see you tomorrow'],
  ['hay que', 'one has to, you must'],
  ['~tener que', 'to have to'],
  ['~acabar de', 'to have just'],
  ['~volver a', 'to do again, return to'],
  ['~echar de menos', 'to miss'],
  ['~dar cuenta', 'to realize (darse cuenta)'],
  ['~hacer falta', 'to be needed'],
  ['~tener razón', 'to be right'],
  ['al final', 'in the end, at the end'],
  ['al lado de', 'next to, beside'],
  ['a la vez', 'at the same time'],
  ['en vez de', 'instead of'],
  ['antes de', 'before'],
  ['después de', 'after'],
  ['cerca de', 'near, close to'],
  ['lejos de', 'far from'],
  ['delante de', 'in front of'],
  ['detrás de', 'behind'],
  ['encima de', 'on top of, above'],
  ['debajo de', 'under, underneath'],
  ['dentro de', 'inside, within'],
  ['fuera de', 'outside, out of'],
  ['además de', 'as well as, besides'],
  ['a pesar de', 'despite, in spite of'],
  ['en cuanto', 'as soon as'],
  ['ya que', 'since, because'],
  ['para que', 'so that'],
  ['mientras tanto', 'meanwhile'],
  ['todo el mundo', 'everybody, everyone'],
  ['cada vez', 'each time, increasingly'],
  ['por ejemplo', 'for example'],
  ['por supuesto', 'of course'],
  ['de acuerdo', 'agreed, all right'],
  ['o sea', 'I mean, that is'],
  ['sin duda', 'without doubt, undoubtedly'],
  ['desde luego', 'of course, certainly'],
  ['hoy en día', 'nowadays'],
  ['a partir de', 'from, starting from'],
  ['por lo menos', 'at least'],
  ['al menos', 'at least'],
  ['de hecho', 'in fact'],
  ['en realidad', 'actually, in fact'],
  ['a través de', 'through, across'],
  ['junto a', 'next to, beside'],
  ['lo siento', "I'm sorry"],
  ['de nada', "you're welcome"],
  ['a ver', "let's see"],
  ['ya no', 'no longer, not anymore'],
  ['todavía no', 'not yet'],
];

interface Phrase {
  parts: string[];
  en: string;
}

let phrasesByFirst: Map<string, Phrase[]> | undefined;

function getPhrases(): Map<string, Phrase[]> {
  if (phrasesByFirst) return phrasesByFirst;
  const map = new Map<string, Phrase[]>();
  for (const [text, en] of PHRASES) {
    const parts = text.split(' ');
    const first = parts[0] as string;
    const list = map.get(first) ?? [];
    list.push({ parts, en });
    list.sort((a, b) => b.parts.length - a.parts.length);
    map.set(first, list);
  }
  phrasesByFirst = map;
  return map;
}

// A determiner or preposition before a word suggests a noun; a subject pronoun, a clitic, "no"
// or a form of haber suggests a verb.
const BEFORE_NOUN = new Set(
  (
    'el la los las un una unos unas mi mis tu tus su sus nuestro nuestra nuestros nuestras ' +
    'este esta estos estas ese esa esos esas aquel aquella aquellos aquellas al del cada otro ' +
    'otra otros otras mucho mucha muchos muchas poco poca pocos pocas algún alguna algunos ' +
    'algunas ningún ninguna varios varias cualquier primer tercer buen gran de en con sin ' +
    'para por sobre entre hacia desde hasta contra según'
  ).split(' '),
);
const BEFORE_VERB = new Set(
  (
    'yo tú él ella usted nosotros nosotras vosotros vosotras ellos ellas ustedes me te se nos ' +
    'os le les no que he has ha hemos habéis han había habías habíamos habían habrá haya hubo'
  ).split(' '),
);

export interface GlossToken {
  text: string;
  lemma?: string;
  en?: string;
  pos?: PartOfSpeech;
  form?: string;
  /** Other readings about as likely (lookupWord's `also`). */
  also?: WordGloss['also'];
  /** Set on every word of a multi-word expression such as "sin embargo". */
  phrase?: { text: string; en: string };
}

export interface GlossedText {
  /** One token per word; punctuation, digits and spaces are left out. */
  tokens: GlossToken[];
  /** Readable gloss, e.g. "casa (house) · roja (red)". */
  summary: string;
}

const WORD = /\p{L}+/gu;

/** Word-by-word English glosses for any Spanish text. */
export function glossText(text: string): GlossedText {
  const source = text.slice(0, 20_000);
  const tokens: GlossToken[] = [];
  let previous = '';
  let previousEnd = 0;
  for (const match of source.matchAll(WORD)) {
    const t = match[0];
    const norm = normalizeWord(t);
    const gap = source.slice(previousEnd, match.index);
    previousEnd = match.index + t.length;
    // "—¿Y tú? —pregunta Pablo": after a closing dialogue dash comes a verb of saying.
    const prefer =
      /[?!.,…]\s*[—–]\s*$/.test(gap) || BEFORE_VERB.has(previous)
        ? 'verb'
        : BEFORE_NOUN.has(previous)
          ? 'noun'
          : undefined;
    const gloss = norm ? lookupWord(norm, prefer ? { prefer } : {}) : null;
    const token: GlossToken = { text: t };
    if (gloss) {
      token.lemma = gloss.lemma;
      token.en = gloss.en;
      token.pos = gloss.pos;
      if (gloss.form) token.form = gloss.form;
      if (gloss.also) token.also = gloss.also;
    }
    tokens.push(token);
    previous = norm;
  }

  const phrases = getPhrases();
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i] as GlossToken;
    const candidates = [
      ...(phrases.get(normalizeWord(first.text)) ?? []),
      ...(first.lemma ? (phrases.get(`~${first.lemma}`) ?? []) : []),
    ];
    const hit = candidates.find((p) =>
      p.parts.every((part, k) => {
        const tok = tokens[i + k];
        if (!tok) return false;
        return part.startsWith('~')
          ? tok.lemma === part.slice(1)
          : normalizeWord(tok.text) === part;
      }),
    );
    if (!hit) continue;
    const span = tokens.slice(i, i + hit.parts.length);
    const phrase = { text: span.map((t) => t.text).join(' '), en: hit.en };
    for (const t of span) t.phrase = phrase;
    i += hit.parts.length - 1;
  }

  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as GlossToken;
    if (t.phrase) {
      parts.push(`${t.phrase.text} (${t.phrase.en})`);
      while (tokens[i + 1]?.phrase === t.phrase) i++;
    } else if (t.en) {
      parts.push(`${t.text} (${splitSenses(t.en)[0] ?? t.en})`);
    } else {
      parts.push(t.text);
    }
  }
  return { tokens, summary: parts.join(' · ') };
}
