// Just enough English morphology to tell whether a gloss's words appear in a sentence's English
// translation: "to happen" in "What is happening?", "suitcase" in "two suitcases".

/** Irregular forms → their base (verbs the lexicon's glosses use, and plural nouns). */
const IRREGULAR: Record<string, string> = {};
for (const line of [
  'be: am is are was were been being',
  'have: has had having',
  'do: does did done doing',
  'go: goes went gone going',
  'say: said',
  'make: made',
  'take: took taken',
  'come: came',
  'see: saw seen',
  'know: knew known',
  'think: thought',
  'get: got gotten',
  'give: gave given',
  'find: found',
  'tell: told',
  'feel: felt',
  'leave: left',
  'bring: brought',
  'buy: bought',
  'begin: began begun',
  'write: wrote written',
  'eat: ate eaten',
  'run: ran',
  'sit: sat',
  'stand: stood',
  'understand: understood',
  'hear: heard',
  'keep: kept',
  'sleep: slept',
  'meet: met',
  'lose: lost',
  'send: sent',
  'spend: spent',
  'build: built',
  'pay: paid',
  'hold: held',
  'fall: fell fallen',
  'become: became',
  'choose: chose chosen',
  'speak: spoke spoken',
  'break: broke broken',
  'drive: drove driven',
  'ride: rode ridden',
  'fly: flew flown',
  'grow: grew grown',
  'throw: threw thrown',
  'draw: drew drawn',
  'wear: wore worn',
  'wake: woke woken',
  'sing: sang sung',
  'swim: swam swum',
  'drink: drank drunk',
  'forget: forgot forgotten',
  'hide: hid hidden',
  'lie: lay lain lied lying',
  'die: died dying',
  'tie: tied tying',
  'lead: led',
  'light: lit',
  'teach: taught',
  'catch: caught',
  'fight: fought',
  'seek: sought',
  'sell: sold',
  'win: won',
  'shine: shone',
  'bite: bit bitten',
  'shake: shook shaken',
  'steal: stole stolen',
  'tear: tore torn',
  'freeze: froze frozen',
  'mean: meant',
  'dream: dreamt',
  'smell: smelt',
  'child: children',
  'man: men',
  'woman: women',
  'person: people',
  'foot: feet',
  'tooth: teeth',
  'mouse: mice',
]) {
  const [base, forms] = line.split(': ') as [string, string];
  for (const form of forms.split(' ')) IRREGULAR[form] ??= base;
}

/** Consonant pairs doubled before -ed/-ing (stopped, running) but kept in the base (called, kiss). */
const UNDOUBLE = /([bdgmnprt])\1$/;

/**
 * A crude stem: irregular forms to their base, then -ies/-ied → y, or -es/-s and then -ed/-ing
 * removed with a doubled consonant undone, and a final e dropped, so that both sides of a
 * comparison meet (make/makes/making/made → mak, happen/happened/happening → happen,
 * city/cities → city, morning/mornings → morn). Not a dictionary: only equality of stems counts.
 */
export function stemEnglish(word: string): string {
  let w = word.toLowerCase().replace(/’/g, "'");
  const irregular = IRREGULAR[w];
  if (irregular) w = irregular;
  else if (w.length > 4 && /(ies|ied)$/.test(w)) w = `${w.slice(0, -3)}y`;
  else {
    if (w.length > 4 && /(ches|shes|sses|xes|zzes|oes)$/.test(w)) w = w.slice(0, -2);
    else if (w.length > 3 && /[^su']s$/.test(w)) w = w.slice(0, -1);
    if (w.length > 4 && /ed$/.test(w)) w = w.slice(0, -2).replace(UNDOUBLE, '$1');
    else if (w.length > 5 && /ing$/.test(w)) w = w.slice(0, -3).replace(UNDOUBLE, '$1');
  }
  return w.length > 3 ? w.replace(/e$/, '') : w;
}

/** Words that carry no sense of their own in a gloss: "to go", "the house", "a bit (of)". */
const GRAMMAR_WORDS = new Set(['to', 'a', 'an', 'the']);

/** Bracketed notes ("(formal)", "(of time)") say how a sense is used; they are not its words. */
const NOTES = /\([^)]*\)/g;
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** The lower-cased words of an English text, bracketed notes left out. */
export function englishWords(text: string): string[] {
  return Array.from(text.replace(NOTES, ' ').toLowerCase().matchAll(WORD), (match) => match[0]);
}

/**
 * The stems that make a sense, in order: notes, a leading "to", "a", "an" or "the" dropped
 * ("to look for" → look, for; "(the)" → none).
 */
export function senseStems(sense: string): string[] {
  const words = englishWords(sense);
  while (words.length > 1 && GRAMMAR_WORDS.has(words[0]!)) words.shift();
  return words.map(stemEnglish);
}
