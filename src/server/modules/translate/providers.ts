import type { TranslationServiceName } from '#shared/translation-services';
import type { ApertiumInstall, ApertiumPairKey } from './apertium/apertium-install.ts';
import {
  createApertiumProcess,
  type ApertiumProcess,
  type ApertiumProcessOptions,
} from './apertium/apertium-process.ts';
import { postForJson } from './http-provider.ts';
import { TranslationProviderError } from './provider-error.ts';

/**
 * An external machine-translation service (layer 3). `translate` throws a
 * TranslationProviderError, whose message is safe to log and to show an administrator.
 */
export interface TranslationProvider {
  readonly name: TranslationServiceName;
  /** Whether it translates `from` into `to` (decision 038: only those targets are offered). */
  supports(from: string, to: string): boolean;
  translate(text: string, from: string, to: string): Promise<string>;
  /** Releases what the provider holds (a child process), when the app closes. */
  stop?(): void;
}

/**
 * LibreTranslate's standard models and DeepL both translate between English, Spanish, French and
 * German in every direction: our four languages.
 */
const generalPairs = new Set(['en', 'es', 'fr', 'de']);
const supportsGeneral = (from: string, to: string) =>
  from !== to && generalPairs.has(from) && generalPairs.has(to);

const noTranslation = () =>
  new TranslationProviderError('bad-answer', 'the answer held no translation');

/**
 * Apertium on this machine (Debian: apertium-eng-spa), one long-lived translator per language
 * pair, started on first use (apertium/apertium-process.ts, decision 044).
 */
export function apertiumProvider(
  install: ApertiumInstall,
  options: Omit<ApertiumProcessOptions, 'modeFile'> = {},
): TranslationProvider {
  const translators = new Map<ApertiumPairKey, ApertiumProcess>();
  const pairOf = (from: string, to: string) => {
    const key = `${from}-${to}` as ApertiumPairKey;
    return install.modes[key] ? key : undefined;
  };
  return {
    name: 'apertium',
    supports: (from, to) => pairOf(from, to) !== undefined,
    async translate(text, from, to) {
      const key = pairOf(from, to);
      if (!key) {
        throw new TranslationProviderError('bad-answer', `no ${from}→${to} pair is installed`);
      }
      let translator = translators.get(key);
      if (!translator) {
        translator = createApertiumProcess({ ...options, modeFile: install.modes[key]! });
        translators.set(key, translator);
      }
      const translation = await translator.translate(text);
      if (translation === '' && text.trim() !== '') throw noTranslation();
      return translation;
    },
    stop() {
      for (const translator of translators.values()) translator.stop();
    },
  };
}

/** How long an HTTP service may take (tests shorten it). */
export interface HttpProviderOptions {
  timeoutMs?: number;
}

/** A LibreTranslate server by URL (its POST /translate). */
export function libreTranslateProvider(
  baseUrl: string,
  apiKey?: string,
  options: HttpProviderOptions = {},
): TranslationProvider {
  return {
    name: 'libretranslate',
    supports: supportsGeneral,
    async translate(text, from, to) {
      const data = (await postForJson({
        url: `${baseUrl.replace(/\/$/, '')}/translate`,
        timeoutMs: options.timeoutMs,
        body: {
          q: text,
          source: from,
          target: to,
          format: 'text',
          ...(apiKey ? { api_key: apiKey } : {}),
        },
        refused: apiKey
          ? 'the API key was refused: check LIBRETRANSLATE_API_KEY'
          : 'the server asks for an API key: set LIBRETRANSLATE_API_KEY',
      })) as { translatedText?: unknown } | null;
      if (typeof data?.translatedText !== 'string') throw noTranslation();
      return data.translatedText;
    },
  };
}

/** DeepL by API key (its POST /v2/translate). */
export function deeplProvider(
  apiKey: string,
  baseUrl = 'https://api-free.deepl.com',
  options: HttpProviderOptions = {},
): TranslationProvider {
  return {
    name: 'deepl',
    supports: supportsGeneral,
    async translate(text, from, to) {
      const data = (await postForJson({
        url: `${baseUrl.replace(/\/$/, '')}/v2/translate`,
        timeoutMs: options.timeoutMs,
        headers: { authorization: `DeepL-Auth-Key ${apiKey}` },
        body: {
          text: [text],
          source_lang: from.toUpperCase(),
          target_lang: to === 'en' ? 'EN-US' : to.toUpperCase(),
        },
        refused:
          'the key was refused: check DEEPL_API_KEY (and DEEPL_API_URL: free keys ending in :fx use api-free.deepl.com)',
      })) as { translations?: { text?: unknown }[] } | null;
      const translated = data?.translations?.[0]?.text;
      if (typeof translated !== 'string') throw noTranslation();
      return translated;
    },
  };
}
