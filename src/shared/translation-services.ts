/**
 * The machine-translation services a site can be configured with (decisions 010, 044), in the
 * order they are asked: Apertium on this machine, a LibreTranslate server, DeepL.
 */
export const translationServices = ['apertium', 'libretranslate', 'deepl'] as const;
export type TranslationServiceName = (typeof translationServices)[number];

/** How the services are named to administrators. */
export const translationServiceNames: Record<TranslationServiceName, string> = {
  apertium: 'Apertium',
  libretranslate: 'LibreTranslate',
  deepl: 'DeepL',
};

/** Services in the order they are asked, as administrators read it: "Apertium, then DeepL". */
export function serviceSequence(services: readonly TranslationServiceName[]): string {
  const names = services.map((service) => translationServiceNames[service]);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')}, then ${names.at(-1)}`;
}

export const isTranslationService = (value: string): value is TranslationServiceName =>
  (translationServices as readonly string[]).includes(value);

/** The settings that switch a service on (docs/operations.md), named where no service is. */
export const translationServiceSettings = 'TRANSLATE_APERTIUM, LIBRETRANSLATE_URL or DEEPL_API_KEY';
