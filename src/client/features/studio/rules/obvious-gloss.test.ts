import { describe, expect, it } from 'vitest';
import { isObviousGloss } from './obvious-gloss';

describe('isObviousGloss', () => {
  it('takes the only sense of a word with a single reading as obvious', () => {
    expect(isObviousGloss({ text: 'mercado', gloss: 'market', glossOrigin: 'lexicon' })).toBe(true);
    expect(isObviousGloss({ text: 'sol', gloss: 'Sun' })).toBe(true);
  });

  it('takes what the translation memory offers as obvious, whatever the word', () => {
    expect(isObviousGloss({ text: 'pasa', gloss: 'passes', glossOrigin: 'memory' })).toBe(true);
  });

  it('asks for a look at words with several readings or senses, unknown words and other glosses', () => {
    // The wrong gloss: pasa is also pasar.
    expect(isObviousGloss({ text: 'pasa', gloss: 'raisin', glossOrigin: 'lexicon' })).toBe(false);
    expect(isObviousGloss({ text: 'casa', gloss: 'house', glossOrigin: 'lexicon' })).toBe(false);
    expect(isObviousGloss({ text: 'fue', gloss: 'to be' })).toBe(false);
    expect(isObviousGloss({ text: 'Zuloaga', gloss: 'Zuloaga' })).toBe(false);
    // Not the lexicon's only sense: someone (or a service) proposed something else.
    expect(isObviousGloss({ text: 'mercado', gloss: 'fair', glossOrigin: 'apertium' })).toBe(false);
  });

  it('never takes a missing gloss as obvious', () => {
    expect(isObviousGloss({ text: 'mercado' })).toBe(false);
    expect(isObviousGloss({ text: 'mercado', gloss: '  ' })).toBe(false);
  });
});
