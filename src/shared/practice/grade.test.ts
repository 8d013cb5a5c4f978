import { describe, expect, it } from 'vitest';
import { gradeDictation, gradeWord } from './grade';

const verdicts = (sentence: string, typed: string, strictAccents = false) =>
  gradeDictation(sentence, typed, { strictAccents }).words.map((w) => w.verdict);

describe('gradeDictation', () => {
  it('ignores case and the punctuation around words', () => {
    const grade = gradeDictation(
      '—¿Es suyo este paraguas? —pregunta.',
      'es suyo este paraguas pregunta',
    );
    expect(grade.correct).toBe(true);
    expect(grade.rightCount).toBe(5);
    expect(grade.total).toBe(5);
  });

  it('counts a word with other accents right but shows it, unless accents are strict', () => {
    expect(verdicts('Está en la estación.', 'esta en la estacion')).toEqual([
      'accent',
      'right',
      'right',
      'accent',
    ]);
    expect(gradeDictation('Está en la estación.', 'esta en la estacion').correct).toBe(true);
    const strict = gradeDictation('Está en la estación.', 'esta en la estacion', {
      strictAccents: true,
    });
    expect(strict.correct).toBe(false);
    expect(strict.rightCount).toBe(2);
  });

  it('never takes ñ for n, even when accents are not strict', () => {
    expect(verdicts('el año', 'el ano')).toEqual(['right', 'wrong']);
  });

  it('reads numbers in digits or in words alike', () => {
    expect(gradeDictation('Tiene 3 gatos.', 'tiene tres gatos').correct).toBe(true);
    expect(gradeDictation('Tiene tres gatos.', 'tiene 3 gatos').correct).toBe(true);
    expect(gradeDictation('Cuesta 32 euros.', 'cuesta treinta y dos euros').correct).toBe(true);
    expect(gradeDictation('En 1.500 metros', 'en mil quinientos metros').correct).toBe(true);
    expect(gradeDictation('Tiene 3 gatos.', 'tiene cuatro gatos').correct).toBe(false);
  });

  it('takes "a el" and "de el" typed for "al" and "del" as right, shown as joined', () => {
    const grade = gradeDictation('Va al mercado del pueblo.', 'va a el mercado de el pueblo');
    expect(grade.correct).toBe(true);
    expect(grade.words.map((w) => w.verdict)).toEqual([
      'right',
      'joined',
      'right',
      'joined',
      'right',
    ]);
    expect(grade.words[1]).toMatchObject({ expected: 'al', typed: 'a el' });
  });

  it('does not join "de él" (a pronoun, written apart)', () => {
    expect(gradeDictation('Habla de él.', 'habla del').correct).toBe(false);
  });

  it('lines up missing, extra and wrong words with the fewest changes', () => {
    const grade = gradeDictation('Pablo espera el autobús', 'pablo el autobús rojo');
    expect(grade.words).toEqual([
      { verdict: 'right', expected: 'Pablo', typed: 'pablo', wordIds: [] },
      { verdict: 'missing', expected: 'espera', wordIds: [] },
      { verdict: 'right', expected: 'el', typed: 'el', wordIds: [] },
      { verdict: 'right', expected: 'autobús', typed: 'autobús', wordIds: [] },
      { verdict: 'extra', typed: 'rojo', wordIds: [] },
    ]);
    expect(grade.correct).toBe(false);
    expect(grade.rightCount).toBe(3);
  });

  it('marks one letter off in a longer word as close, which is still wrong', () => {
    const grade = gradeDictation('La ventana', 'la bentana');
    expect(grade.words.map((w) => w.verdict)).toEqual(['right', 'close']);
    expect(grade.correct).toBe(false);
    expect(verdicts('el sol', 'el sal')).toEqual(['right', 'wrong']);
  });

  it('keeps the transcript word ids of each word, numbers said in several words included', () => {
    const grade = gradeDictation(
      [
        { id: 'w1', text: 'treinta' },
        { id: 'w2', text: 'y' },
        { id: 'w3', text: 'dos' },
        { id: 'w4', text: 'años' },
      ],
      '32 anos',
    );
    expect(grade.words).toEqual([
      { verdict: 'right', expected: 'treinta y dos', typed: '32', wordIds: ['w1', 'w2', 'w3'] },
      { verdict: 'close', expected: 'años', typed: 'anos', wordIds: ['w4'] },
    ]);
  });

  it('an empty answer misses every word', () => {
    const grade = gradeDictation('Hola, Lucía.', '   ');
    expect(grade.correct).toBe(false);
    expect(grade.words.map((w) => w.verdict)).toEqual(['missing', 'missing']);
  });
});

describe('gradeWord', () => {
  it('grades one blank with the same rules', () => {
    expect(gradeWord('está', 'esta')).toBe('accent');
    expect(gradeWord('está', 'esta', { strictAccents: true })).toBe('wrong');
    expect(gradeWord('Ventana', ' ventana. ')).toBe('right');
    expect(gradeWord('ventana', 'puerta')).toBe('wrong');
    expect(gradeWord('ventana', '')).toBe('missing');
  });
});
