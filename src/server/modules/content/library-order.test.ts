import { describe, expect, it } from 'vitest';
import { orderByLevel } from './library-order.ts';

const demo = [
  { id: 'panaderia', level: 'Beginner' },
  { id: 'paraguas', level: 'Beginner' },
  { id: 'faro', level: 'Intermediate' },
  { id: 'olivos', level: 'Advanced' },
] as const;

describe('orderByLevel', () => {
  it('puts each added story after the last one of its level', () => {
    const added = [
      { id: 'bicicleta', level: 'Beginner' },
      { id: 'radio', level: 'Intermediate' },
    ] as const;
    // The import put them last; they move in among their levels.
    expect(orderByLevel([...demo, ...added], added)).toEqual([
      'panaderia',
      'paraguas',
      'bicicleta',
      'faro',
      'radio',
      'olivos',
    ]);
  });

  it('follows an easier level when its own has no story yet, and goes first before any', () => {
    const library = [
      { id: 'b', level: 'Beginner' },
      { id: 'a', level: 'Advanced' },
    ] as const;
    expect(orderByLevel(library, [{ id: 'i', level: 'Intermediate' }])).toEqual(['b', 'i', 'a']);
    expect(
      orderByLevel([{ id: 'a', level: 'Advanced' }], [{ id: 'b', level: 'Beginner' }]),
    ).toEqual(['b', 'a']);
  });

  it('keeps stories of one level in the order they are added, after those already there', () => {
    const added = [
      { id: 'second', level: 'Beginner' },
      { id: 'third', level: 'Beginner' },
    ] as const;
    expect(orderByLevel([{ id: 'first', level: 'Beginner' }], added)).toEqual([
      'first',
      'second',
      'third',
    ]);
  });
});
