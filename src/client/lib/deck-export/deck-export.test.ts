import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  ANKI_DECK_ID,
  ANKI_MODEL_ID,
  buildApkg,
  fieldChecksum,
  findWord,
  noteFields,
  noteGuid,
  sentenceWithWordHtml,
} from './apkg';
import { buildDeckCsv, csvField } from './csv';
import { clipFileName, type DeckItem } from './deck-item';
import { cutClips } from './cut-clips';
import { sha1, toHex } from './sha1';
import { clipSampleRange, downmixToMono, encodeWav } from './wav';

const item = (overrides: Partial<DeckItem> = {}): DeckItem => ({
  id: 'a1',
  text: 'perro',
  sentence: 'El perro corre, "rápido".',
  translation: 'The dog runs, "fast".',
  translationByMachine: false,
  gloss: 'dog',
  glossByMachine: false,
  story: 'La niña',
  chapter: 'Capítulo 1',
  chapterId: 'c1',
  audioUrl: '/api/chapters/c1/audio',
  startSeconds: 1,
  endSeconds: 2.5,
  ...overrides,
});

describe('CSV export', () => {
  it('quotes by RFC 4180 and starts with a UTF-8 byte order mark', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hola"')).toBe('"say ""hola"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');

    const csv = buildDeckCsv([item()]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe(
      'text,sentence,translation,gloss,story,chapter,audio file name,translation source,gloss source\r\n' +
        'perro,"El perro corre, ""rápido"".","The dog runs, ""fast"".",dog,La niña,Capítulo 1,relatos-a1.wav,From the story,From the story\r\n',
    );
  });

  it('makes a value a spreadsheet would run as a formula text: a single quote before it, quoted', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}1+1`), JSON.stringify(start)).toBe(`"'${start}1+1"`);
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    // Only the start counts: signs inside a value are text already.
    expect(csvField('e-mail = correo')).toBe('e-mail = correo');
    expect(csvField(' =1')).toBe(' =1');
  });

  it('writes no saved value as a formula', () => {
    const csv = buildDeckCsv([
      item({
        text: "=cmd|' /C calc'!A0",
        sentence: '-¿Vienes? —preguntó.',
        translation: '+1 for you',
        gloss: '@SUM(A1:A9)',
        story: '\tLa niña',
        chapter: '\rCapítulo 1',
      }),
    ]);
    const [, row] = csv.slice(1).split('\r\n');
    expect(row).toBe(
      `"'=cmd|' /C calc'!A0","'-¿Vienes? —preguntó.","'+1 for you","'@SUM(A1:A9)","'\tLa niña","'\rCapítulo 1",relatos-a1.wav,From the story,From the story`,
    );
  });

  it('says which translation and gloss a machine made (decision 043), and nothing without text', () => {
    const csv = buildDeckCsv([
      item({ translationByMachine: true, gloss: 'raisin', glossByMachine: true }),
      item({ id: 's', text: 'El perro corre.', translation: '', gloss: '' }),
    ]);
    const [, machine, sentence] = csv.slice(1).split('\r\n');
    expect(machine!.endsWith(',relatos-a1.wav,Machine translation,Machine translation')).toBe(true);
    expect(sentence!.endsWith(',relatos-s.wav,,')).toBe(true);
  });

  it('names each clip from the item id only', () => {
    expect(clipFileName({ id: '../x y' })).toBe('relatos-xy.wav');
  });
});

describe('clip cutting rules', () => {
  it('pads the sentence range and keeps it inside the audio', () => {
    expect(clipSampleRange(1, 2, 1000, 10_000, 0.1)).toEqual({ start: 900, end: 2100 });
    expect(clipSampleRange(0.05, 9.99, 1000, 10_000, 0.1)).toEqual({ start: 0, end: 10_000 });
    expect(clipSampleRange(5, 4, 1000, 10_000, 0)).toEqual({ start: 5000, end: 5000 });
    expect(clipSampleRange(20, 21, 1000, 10_000, 0.1)).toEqual({ start: 10_000, end: 10_000 });
  });

  it('downmixes channels to their average', () => {
    const left = Float32Array.from([1, 0.5, 0, -1]);
    const right = Float32Array.from([0, 0.5, 1, -1]);
    expect(Array.from(downmixToMono([left, right], 1, 4))).toEqual([0.5, 0.5, -1]);
    expect(downmixToMono([], 0, 3)).toHaveLength(3);
  });

  it('encodes 16-bit mono PCM WAV with a correct header', () => {
    const wav = encodeWav(Float32Array.from([0, 1, -1, 0.5, 2]), 8000);
    const view = new DataView(wav.buffer);
    const text = (offset: number) => strFromU8(wav.subarray(offset, offset + 4));
    expect(text(0)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(8)).toBe('WAVE');
    expect(text(12)).toBe('fmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(28, true)).toBe(16000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36)).toBe('data');
    expect(view.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((index) => view.getInt16(44 + index * 2, true))).toEqual([
      0, 32767, -32768, 16384, 32767,
    ]);
  });
});

describe('Anki package', () => {
  it('computes SHA-1, checksums and guids as Anki does', () => {
    for (const text of ['', 'abc', 'El niño [sound:x.wav]', 'x'.repeat(200)]) {
      expect(toHex(sha1(text))).toBe(createHash('sha1').update(text).digest('hex'));
    }
    expect(fieldChecksum('abc')).toBe(Number.parseInt('a9993e36', 16));
    expect(noteGuid('a1')).toBe(noteGuid('a1'));
    expect(noteGuid('a1')).not.toBe(noteGuid('a2'));
    expect(noteGuid('a1')).toMatch(/^[\x21-\x7e]{1,10}$/);
  });

  it('highlights the saved word as a whole word, case-insensitively', () => {
    expect(findWord('Perros y perro', 'perro')).toBe(9);
    expect(sentenceWithWordHtml('El Perro <corre>', 'perro')).toBe('El <b>Perro</b> &lt;corre&gt;');
    expect(sentenceWithWordHtml('Nada', 'perro')).toBe('Nada');
  });

  it("marks a machine's translation and gloss on the card's back (decision 043)", () => {
    const [, back] = noteFields(
      item({ translationByMachine: true, gloss: 'raisin', glossByMachine: true }),
      false,
    );
    expect(back).toBe(
      'The dog runs, &quot;fast&quot;. <small>(Machine translation)</small><br>' +
        '<b>perro</b> — raisin <small>(Machine translation)</small><br>' +
        '<small>La niña · Capítulo 1</small>',
    );
    expect(noteFields(item(), false)[1]).not.toContain('Machine translation');
  });

  it('holds a SQLite collection whose notes name sound files present in the zip', async () => {
    const SQL = await initSqlJs();
    const items = [
      item(),
      item({ id: 'b2', text: 'La casa es <grande>.', sentence: 'La casa es <grande>.', gloss: '' }),
      item({ id: 'c3', text: 'sin', sentence: 'Una frase sin audio.' }),
    ];
    const clip = encodeWav(Float32Array.from([0, 0.5, -0.5]), 8000);
    const clips = new Map([
      ['a1', clip],
      ['b2', clip],
    ]);
    const apkg = buildApkg({
      SQL,
      deckName: 'Relatos',
      items,
      clips,
      now: new Date(1_764_000_000_000),
    });

    const files = unzipSync(apkg);
    expect(Object.keys(files).sort()).toEqual(['0', '1', 'collection.anki2', 'media']);
    const media = JSON.parse(strFromU8(files.media!)) as Record<string, string>;
    expect(media).toEqual({ 0: 'relatos-a1.wav', 1: 'relatos-b2.wav' });
    expect(files['0']).toEqual(clip);

    const database = new SQL.Database(files['collection.anki2']);
    const rows = (sql: string) => {
      const [result] = database.exec(sql);
      return result ? result.values : [];
    };
    const [col] = rows('SELECT ver, models, decks FROM col');
    expect(col![0]).toBe(11);
    const models = JSON.parse(col![1] as string) as Record<
      string,
      { name: string; flds: { name: string }[] }
    >;
    expect(models[ANKI_MODEL_ID]!.name).toBe('Relatos');
    expect(models[ANKI_MODEL_ID]!.flds.map((field) => field.name)).toEqual(['Front', 'Back']);
    const decks = JSON.parse(col![2] as string) as Record<string, { name: string }>;
    expect(decks[ANKI_DECK_ID]!.name).toBe('Relatos');

    const notes = rows('SELECT id, guid, mid, flds, sfld, csum FROM notes ORDER BY id');
    expect(notes).toHaveLength(3);
    const names = new Set(Object.values(media));
    notes.forEach(([, guid, mid, flds, sfld, csum], index) => {
      expect(mid).toBe(ANKI_MODEL_ID);
      expect(guid).toBe(noteGuid(items[index]!.id));
      const [front, back] = (flds as string).split('\x1f');
      const sound = /\[sound:([^\]]+)\]/.exec(front!)?.[1];
      if (index < 2) {
        expect(names.has(sound!)).toBe(true);
      } else {
        expect(sound).toBeUndefined();
      }
      expect(csum).toBe(fieldChecksum(sfld as string));
      expect(back).toContain(items[index]!.translation.replace(/"/g, '&quot;'));
    });
    expect(notes[0]![3]).toContain('El <b>perro</b> corre');
    expect(notes[0]![3]).toContain('<b>perro</b> — dog');
    expect(notes[1]![3]).toContain('La casa es &lt;grande&gt;.');
    expect(notes[1]![4]).toBe('La casa es <grande>. [sound:relatos-b2.wav]');

    const cards = rows('SELECT nid, did, ord, type, queue, due FROM cards ORDER BY due');
    expect(cards).toEqual(notes.map(([id], index) => [id, ANKI_DECK_ID, 0, 0, 0, index + 1]));
    expect(rows('SELECT count(*) FROM revlog')).toEqual([[0]]);
    expect(rows('SELECT count(*) FROM graves')).toEqual([[0]]);
    database.close();
  });
});

describe('cutting clips from chapters', () => {
  it('decodes each chapter once and slices every item of it', async () => {
    const sampleRate = 100;
    const samples = Float32Array.from({ length: 1000 }, (_, index) => (index % 10) / 10);
    const loads: string[] = [];
    const progress: number[] = [];
    const clips = await cutClips(
      [
        item({ id: 'a', chapterId: 'c1', audioUrl: 'u1', startSeconds: 1, endSeconds: 2 }),
        item({ id: 'b', chapterId: 'c2', audioUrl: 'u2', startSeconds: 0, endSeconds: 1 }),
        item({ id: 'c', chapterId: 'c1', audioUrl: 'u1', startSeconds: 3, endSeconds: 3.5 }),
      ],
      (audioUrl) => {
        loads.push(audioUrl);
        if (audioUrl === 'u2') return Promise.reject(new Error('gone'));
        return Promise.resolve({
          sampleRate,
          length: samples.length,
          numberOfChannels: 1,
          getChannelData: () => samples,
        });
      },
      ({ done }) => progress.push(done),
    );
    expect(loads).toEqual(['u1', 'u2']);
    expect(progress).toEqual([0, 1, 2, 3]);
    expect([...clips.keys()].sort()).toEqual(['a', 'c']);
    // 1 s + 2 × 0.15 s padding at 100 Hz = 130 samples of 2 bytes after the 44-byte header.
    expect(clips.get('a')).toHaveLength(44 + 130 * 2);
    expect(clips.get('c')).toHaveLength(44 + 80 * 2);
  });
});
