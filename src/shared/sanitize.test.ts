import { describe, expect, it } from 'vitest';
import { sanitizeText } from './sanitize.ts';

describe('sanitizeText', () => {
  it.each([
    ['  hola  ', 'hola'],
    ['a<script>alert(1)</script>b', 'ab'],
    ['<b>negrita</b>', 'bnegrita/b'],
    ['javascript:alert(1)', 'alert(1)'],
    ['JaVaScRiPt : x', ' x'.trim()],
    ['data:text/html,<p>', ',p'],
    ['vbscript:msgbox', 'msgbox'],
    ['img onerror="steal()" ok', 'img  ok'],
    ['nul\0byte', 'nulbyte'],
  ])('cleans %j', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it('keeps Spanish text intact', () => {
    expect(sanitizeText('¿Dónde está la panadería? ¡Allí!')).toBe(
      '¿Dónde está la panadería? ¡Allí!',
    );
  });

  it('truncates to 5,000 characters', () => {
    expect(sanitizeText('a'.repeat(6000))).toHaveLength(5000);
  });
});
