/**
 * Slugs follow the rule of the shipped demo library (content/stories/<slug>): lower case, accents
 * dropped, every other run of non-alphanumerics a single hyphen ('La panadería de la calle Luna'
 * → 'la-panaderia-de-la-calle-luna'). They match the public /story/{slug} pattern.
 */
const MAX_BASE_LENGTH = 80;
const FALLBACK_SLUG = 'story';

export function slugFromTitle(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/g, '');
  return base === '' ? FALLBACK_SLUG : base;
}

/** The base slug, or base-2, base-3… : the first one not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
