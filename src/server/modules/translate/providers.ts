import { spawn } from 'node:child_process';
import type { TranslationServiceName } from '#shared/translation-services';
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

const REQUEST_TIMEOUT_MS = 8000;

/**
 * LibreTranslate's standard models and DeepL both translate between English, Spanish, French and
 * German in every direction: our four languages.
 */
const generalPairs = new Set(['en', 'es', 'fr', 'de']);
const supportsGeneral = (from: string, to: string) =>
  from !== to && generalPairs.has(from) && generalPairs.has(to);

/** Apertium installed on this machine (Debian: apertium-eng-spa), run once per request. */
export function apertiumProvider(command = 'apertium'): TranslationProvider {
  const pairs: Record<string, string> = { 'es-en': 'spa-eng', 'en-es': 'eng-spa' };
  return {
    name: 'apertium',
    supports: (from, to) => `${from}-${to}` in pairs,
    translate(text, from, to) {
      const pair = pairs[`${from}-${to}`];
      if (!pair) {
        return Promise.reject(
          new TranslationProviderError('bad-answer', `Apertium has no ${from}→${to} pair here`),
        );
      }
      return new Promise((resolve, reject) => {
        const child = spawn(command, ['-u', pair], { stdio: ['pipe', 'pipe', 'pipe'] });
        let output = '';
        const timer = setTimeout(() => child.kill('SIGKILL'), REQUEST_TIMEOUT_MS);
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        child.on('error', () =>
          reject(new TranslationProviderError('not-installed', `${command} could not be started`)),
        );
        child.on('close', (code) => {
          clearTimeout(timer);
          if (code === 0 && output.trim()) resolve(output.trim());
          else reject(new TranslationProviderError('crashed', `${command} exited with ${code}`));
        });
        child.stdin.end(text);
      });
    },
  };
}

/** A LibreTranslate server by URL (its POST /translate). */
export function libreTranslateProvider(baseUrl: string, apiKey?: string): TranslationProvider {
  return {
    name: 'libretranslate',
    supports: supportsGeneral,
    async translate(text, from, to) {
      const data = (await postForJson({
        service: 'LibreTranslate',
        url: `${baseUrl.replace(/\/$/, '')}/translate`,
        body: {
          q: text,
          source: from,
          target: to,
          format: 'text',
          ...(apiKey ? { api_key: apiKey } : {}),
        },
        refused: apiKey
          ? 'LibreTranslate refused the API key (LIBRETRANSLATE_API_KEY)'
          : 'LibreTranslate asks for an API key: set LIBRETRANSLATE_API_KEY',
      })) as { translatedText?: unknown } | null;
      if (typeof data?.translatedText !== 'string') {
        throw new TranslationProviderError(
          'bad-answer',
          'LibreTranslate answered without a translation',
        );
      }
      return data.translatedText;
    },
  };
}

/** DeepL by API key (its POST /v2/translate). */
export function deeplProvider(
  apiKey: string,
  baseUrl = 'https://api-free.deepl.com',
): TranslationProvider {
  return {
    name: 'deepl',
    supports: supportsGeneral,
    async translate(text, from, to) {
      const data = (await postForJson({
        service: 'DeepL',
        url: `${baseUrl.replace(/\/$/, '')}/v2/translate`,
        headers: { authorization: `DeepL-Auth-Key ${apiKey}` },
        body: {
          text: [text],
          source_lang: from.toUpperCase(),
          target_lang: to === 'en' ? 'EN-US' : to.toUpperCase(),
        },
        refused: 'DeepL refused the key (DEEPL_API_KEY)',
      })) as { translations?: { text?: unknown }[] } | null;
      const translated = data?.translations?.[0]?.text;
      if (typeof translated !== 'string') {
        throw new TranslationProviderError('bad-answer', 'DeepL answered without a translation');
      }
      return translated;
    },
  };
}
