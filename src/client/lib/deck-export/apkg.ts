import { strToU8, zipSync, type Zippable } from 'fflate';
import type { SqlJsStatic } from 'sql.js';
import { messages } from '#shared/messages';
import { clipFileName, type DeckItem } from './deck-item';
import { findWord } from './find-word';
import { sha1, toHex } from './sha1';

export { findWord };

/**
 * An Anki package (.apkg) of the deck: a zip holding `collection.anki2` (a SQLite database in the
 * classic Anki 2.1 schema, version 11, which every Anki since 2.1 imports), `media` (a JSON map of
 * the numbered files to their names) and the numbered clip files (decision 036).
 *
 * The note type and the deck have fixed ids and each note's guid comes from its saved item, so
 * importing a newer export updates the learner's notes instead of duplicating them.
 */

export const ANKI_MODEL_ID = 1_732_000_000_014;
export const ANKI_DECK_ID = 1_732_000_000_140;
export const ANKI_MODEL_NAME = 'Relatos';
const FIELD_SEPARATOR = '\x1f';

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null,
  time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sentence as HTML with the saved word in bold (its first whole-word match), else as is. */
export function sentenceWithWordHtml(sentence: string, word: string): string {
  const at = word === '' || word === sentence ? -1 : findWord(sentence, word);
  if (at < 0) return escapeHtml(sentence);
  return (
    escapeHtml(sentence.slice(0, at)) +
    `<b>${escapeHtml(sentence.slice(at, at + word.length))}</b>` +
    escapeHtml(sentence.slice(at + word.length))
  );
}

/** After a machine's translation or gloss, as the app marks it (decision 043). */
const machineNote = (byMachine: boolean) =>
  byMachine ? ` <small>(${escapeHtml(messages.translation.machine)})</small>` : '';

/** The note's two fields: Front (sentence + its sound) and Back (translation, word, gloss). */
export function noteFields(item: DeckItem, hasClip: boolean): [string, string] {
  const sound = hasClip ? ` [sound:${clipFileName(item)}]` : '';
  const front = sentenceWithWordHtml(item.sentence, item.text) + sound;
  const isWord = item.text !== item.sentence;
  const back = [
    item.translation === ''
      ? ''
      : escapeHtml(item.translation) + machineNote(item.translationByMachine),
    isWord
      ? `<b>${escapeHtml(item.text)}</b>${item.gloss ? ` — ${escapeHtml(item.gloss)}${machineNote(item.glossByMachine)}` : ''}`
      : '',
    `<small>${escapeHtml(item.story)} · ${escapeHtml(item.chapter)}</small>`,
  ]
    .filter((part) => part !== '')
    .join('<br>');
  return [front, back];
}

/** Anki's sort-field text: the HTML stripped and its entities read back. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}

/** Anki's note checksum: the first 8 hex digits of the sort field's SHA-1, as an integer. */
export const fieldChecksum = (sortField: string): number =>
  Number.parseInt(toHex(sha1(sortField)).slice(0, 8), 16);

const BASE91 =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

/** A note guid as Anki writes them (a 64-bit number in base 91), stable for one saved item. */
export function noteGuid(itemId: string): string {
  let value = BigInt(`0x${toHex(sha1(`relatos:${itemId}`)).slice(0, 16)}`);
  let guid = '';
  do {
    guid = BASE91[Number(value % 91n)]! + guid;
    value /= 91n;
  } while (value > 0n);
  return guid;
}

const CARD_CSS = `.card { font-family: Arial, sans-serif; font-size: 22px; text-align: center;
  color: black; background-color: white; }
small { color: #666; font-size: 14px; }`;

function collectionJson(deckName: string, nowSeconds: number) {
  const model = {
    id: ANKI_MODEL_ID,
    name: ANKI_MODEL_NAME,
    type: 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: ANKI_DECK_ID,
    tmpls: [
      {
        name: 'Listen',
        ord: 0,
        qfmt: '{{Front}}',
        afmt: '{{FrontSide}}<hr id="answer">{{Back}}',
        bqfmt: '',
        bafmt: '',
        did: null,
        bfont: '',
        bsize: 0,
      },
    ],
    flds: ['Front', 'Back'].map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
    })),
    css: CARD_CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
  const deck = (id: number, name: string) => ({
    id,
    name,
    desc: '',
    conf: 1,
    dyn: 0,
    collapsed: false,
    extendNew: 10,
    extendRev: 50,
    mod: nowSeconds,
    usn: -1,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  });
  const deckConfig = {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      bury: true,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 7],
      order: 1,
      perDay: 20,
      separate: true,
    },
    lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 200 },
  };
  const conf = {
    activeDecks: [1],
    curDeck: 1,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    curModel: String(ANKI_MODEL_ID),
    nextPos: 1,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
  };
  return {
    conf: JSON.stringify(conf),
    models: JSON.stringify({ [ANKI_MODEL_ID]: model }),
    decks: JSON.stringify({ 1: deck(1, 'Default'), [ANKI_DECK_ID]: deck(ANKI_DECK_ID, deckName) }),
    dconf: JSON.stringify({ 1: deckConfig }),
  };
}

export interface ApkgInput {
  /** sql.js, initialised by the caller (the browser loads its wasm from our bundle). */
  SQL: SqlJsStatic;
  deckName: string;
  items: readonly DeckItem[];
  /** Each item's WAV clip by item id; an item without one gets a card without sound. */
  clips: ReadonlyMap<string, Uint8Array>;
  now?: Date;
}

/** The .apkg file's bytes. */
export function buildApkg({
  SQL,
  deckName,
  items,
  clips,
  now = new Date(),
}: ApkgInput): Uint8Array {
  const nowMs = now.getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  const database = new SQL.Database();
  try {
    database.exec(SCHEMA);
    const json = collectionJson(deckName, nowSeconds);
    const dayStart = new Date(now);
    dayStart.setHours(4, 0, 0, 0);
    database.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      Math.floor(dayStart.getTime() / 1000),
      nowMs,
      nowMs,
      json.conf,
      json.models,
      json.decks,
      json.dconf,
      '{}',
    ]);
    const insertNote = database.prepare(
      'INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)',
    );
    const insertCard = database.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    );
    const media: Record<string, string> = {};
    const files: Zippable = {};
    items.forEach((item, index) => {
      const clip = clips.get(item.id);
      if (clip) {
        const number = String(Object.keys(media).length);
        media[number] = clipFileName(item);
        // WAV barely compresses: store it as is.
        files[number] = [clip, { level: 0 }];
      }
      const [front, back] = noteFields(item, clip !== undefined);
      const sortField = stripHtml(front);
      const noteId = nowMs + index;
      insertNote.run([
        noteId,
        noteGuid(item.id),
        ANKI_MODEL_ID,
        nowSeconds,
        ' relatos ',
        front + FIELD_SEPARATOR + back,
        sortField,
        fieldChecksum(sortField),
        '',
      ]);
      insertCard.run([noteId, noteId, ANKI_DECK_ID, nowSeconds, index + 1, '']);
    });
    insertNote.free();
    insertCard.free();
    files['collection.anki2'] = database.export();
    files.media = strToU8(JSON.stringify(media));
    return zipSync(files);
  } finally {
    database.close();
  }
}
