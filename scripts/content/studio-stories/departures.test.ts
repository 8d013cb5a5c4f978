import { describe, expect, it } from 'vitest';
import { describeChange, wordChanges } from './departures.ts';

describe('wordChanges', () => {
  it('finds nothing when the sentence is read as written, capitals and punctuation aside', () => {
    expect(
      wordChanges('—¿Quieres aprender? —pregunta Camila.', 'quieres aprender, pregunta camila'),
    ).toEqual([]);
  });

  it('tells an added, a skipped and a changed word apart', () => {
    expect(
      wordChanges(
        'Camila tiene diez años y habla mucho.',
        'Camila tiene diez años y habla mucho, mucho.',
      ),
    ).toEqual([{ kind: 'added', written: [], said: ['mucho'] }]);
    expect(
      wordChanges(
        'Canta canciones antiguas y sabe arreglar una lámpara.',
        'Canta canciones y sabe arreglar una lámpara.',
      ),
    ).toEqual([{ kind: 'skipped', written: ['antiguas'], said: [] }]);
    expect(
      wordChanges('Vive en un apartamento pequeño.', 'Vive en un departamento pequeño.'),
    ).toEqual([{ kind: 'changed', written: ['apartamento'], said: ['departamento'] }]);
  });

  it('keeps several changes of one sentence apart, in order (a run of changed words is one)', () => {
    const changes = wordChanges(
      'Su voz salió clara y fuerte, hijo.',
      'Su voz salió muy clara, fuerte, mijo.',
    );
    expect(changes.map(describeChange)).toEqual([
      'added «muy»',
      'skipped «y»',
      '«hijo» said as «mijo»',
    ]);
    expect(wordChanges('clara y fuerte, hijo', 'clara, mijo').map(describeChange)).toEqual([
      '«y fuerte hijo» said as «mijo»',
    ]);
  });
});
