import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it.each([
    [
      'Había una vez una niña. Vivía cerca del mar.',
      ['Había una vez una niña.', 'Vivía cerca del mar.'],
    ],
    ['¿Vienes? ¡Claro que sí! Vamos.', ['¿Vienes?', '¡Claro que sí!', 'Vamos.']],
    [
      'Esperó… Nadie vino. Y luego...  Silencio.',
      ['Esperó…', 'Nadie vino.', 'Y luego...', 'Silencio.'],
    ],
    ['¿De verdad?! Sí.', ['¿De verdad?!', 'Sí.']],
    ['Dijo: «Me voy.» Y se fue.', ['Dijo: «Me voy.»', 'Y se fue.']],
    ['"¿Quién es?" Nadie contestó.', ['"¿Quién es?"', 'Nadie contestó.']],
    ['Tenía 3 años. 20 años después volvió.', ['Tenía 3 años.', '20 años después volvió.']],
    // A number, a time or an ordinal ends a sentence like any word.
    ['Tengo 3. Luego vendrán más.', ['Tengo 3.', 'Luego vendrán más.']],
    ['Salió a las 9:30. A las 10:45 volvió.', ['Salió a las 9:30.', 'A las 10:45 volvió.']],
    ['Costó 15.000. Era caro.', ['Costó 15.000.', 'Era caro.']],
    ['Quedó el 1.º. Luego llegó Ana, 2.ª.', ['Quedó el 1.º.', 'Luego llegó Ana, 2.ª.']],
    ['Quedó 2º. Su hermana, 3ª. Nadie más.', ['Quedó 2º.', 'Su hermana, 3ª.', 'Nadie más.']],
  ])('ends a sentence at its punctuation: %s', (text, sentences) => {
    expect(splitSentences(text)).toEqual(sentences);
  });

  it.each([
    ['¡Qué frío! dijo la abuela.'],
    ['Pues... no sé qué decir.'],
    ['El Sr. Pérez y la Dra. López hablan con el Dr. Ruiz.'],
    ['Vive en la Avda. Central, núm. 5, con Ud. y Sra. Gómez.'],
    ['Leía a J. R. Jiménez cada noche.'],
    ['Pesaba 3.5 kilos y lo vio en www.rae.es ayer.'],
    ['Costaba 15.000 euros, 1.000.000 de pesetas o 3,5 sueldos a las 9:30 del 1.º de mayo.'],
    ['Era el 1.er día de la 2.ª semana y el 10:45:30 marcaba el reloj.'],
    ['—¿Es suyo este paraguas? —pregunta.'],
    ['—¡Bienvenida, Lucía! —dice—, pasa.'],
  ])('does not end a sentence inside: %s', (text) => {
    expect(splitSentences(text)).toEqual([text]);
  });

  it('starts a new sentence at a new line of dialogue', () => {
    expect(splitSentences('—Buenos días —dice el hombre—. ¿Qué quieres? —Pan, por favor.')).toEqual(
      ['—Buenos días —dice el hombre—.', '¿Qué quieres?', '—Pan, por favor.'],
    );
  });

  it('ends a sentence at every line break and blank line, and keeps text exactly as written', () => {
    expect(
      splitSentences(
        '  Primera línea sin punto\nsegunda  línea, también\r\n\r\n\n Tercera.  Cuarta  \n',
      ),
    ).toEqual(['Primera línea sin punto', 'segunda  línea, también', 'Tercera.', 'Cuarta']);
  });

  it('gives nothing for a text of blanks', () => {
    expect(splitSentences(' \n\n \t')).toEqual([]);
  });

  it('never joins two sentences of the demo library read as one paragraph', () => {
    const storiesDir = path.resolve(import.meta.dirname, '../../../content/stories');
    for (const slug of readdirSync(storiesDir)) {
      const story = JSON.parse(readFileSync(path.join(storiesDir, slug, 'story.json'), 'utf8')) as {
        chapters: { sentences: { text: string }[] }[];
      };
      for (const chapter of story.chapters) {
        const expected = chapter.sentences.map((sentence) => sentence.text);
        const found = splitSentences(expected.join(' '));
        // Every sentence of the source is one or more whole sentences of the split.
        let k = 0;
        for (const sentence of expected) {
          let joined = found[k++] ?? '';
          while (joined.length < sentence.length && k < found.length) joined += ` ${found[k++]}`;
          expect(joined).toBe(sentence);
        }
        expect(k).toBe(found.length);
      }
    }
  });
});
