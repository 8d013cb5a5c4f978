import { describe, expect, it } from 'vitest';
import { slugParamsSchema } from '#shared/contracts/stories';
import { slugFromTitle, uniqueSlug } from './story-slug.ts';

describe('slugFromTitle', () => {
  it('follows the demo library rule', () => {
    expect(slugFromTitle('La panadería de la calle Luna')).toBe('la-panaderia-de-la-calle-luna');
    expect(slugFromTitle('El paraguas rojo')).toBe('el-paraguas-rojo');
  });

  it('drops accents, ñ and punctuation, collapsing separators', () => {
    expect(slugFromTitle('  ¿El niño   y la señora?  ')).toBe('el-nino-y-la-senora');
    expect(slugFromTitle('Capítulo 1: ¡Sí!')).toBe('capitulo-1-si');
  });

  it('falls back to "story" when nothing is left', () => {
    expect(slugFromTitle('¿¡!?')).toBe('story');
  });

  it('keeps slugs short enough for the public pattern', () => {
    const slug = slugFromTitle('palabra '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slugParamsSchema.safeParse({ slug: `${slug}-12` }).success).toBe(true);
  });
});

describe('uniqueSlug', () => {
  it('keeps a free base and numbers taken ones from 2', () => {
    expect(uniqueSlug('el-faro', new Set())).toBe('el-faro');
    expect(uniqueSlug('el-faro', new Set(['el-faro']))).toBe('el-faro-2');
    expect(uniqueSlug('el-faro', new Set(['el-faro', 'el-faro-2']))).toBe('el-faro-3');
  });
});
