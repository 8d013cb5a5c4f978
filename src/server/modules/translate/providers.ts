import { spawn } from 'node:child_process';

/** An external machine-translation service (layer 3). */
export interface TranslationProvider {
  readonly name: string;
  /** Whether it translates `from` into `to` (decision 038: only those targets are offered). */
  supports(from: string, to: string): boolean;
  translate(text: string, from: string, to: string): Promise<string>;
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
      if (!pair) return Promise.reject(new Error(`Apertium has no ${from}→${to} pair here`));
      return new Promise((resolve, reject) => {
        const child = spawn(command, ['-u', pair], { stdio: ['pipe', 'pipe', 'pipe'] });
        let output = '';
        const timer = setTimeout(() => child.kill('SIGKILL'), REQUEST_TIMEOUT_MS);
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          if (code === 0 && output.trim()) resolve(output.trim());
          else reject(new Error(`apertium exited with ${code}`));
        });
        child.stdin.end(text);
      });
    },
  };
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as unknown;
}

/** A LibreTranslate server by URL. */
export function libreTranslateProvider(baseUrl: string, apiKey?: string): TranslationProvider {
  return {
    name: 'libretranslate',
    supports: supportsGeneral,
    async translate(text, from, to) {
      const data = (await postJson(`${baseUrl.replace(/\/$/, '')}/translate`, {
        q: text,
        source: from,
        target: to,
        format: 'text',
        ...(apiKey ? { api_key: apiKey } : {}),
      })) as { translatedText?: unknown };
      if (typeof data.translatedText !== 'string')
        throw new Error('LibreTranslate sent no translation');
      return data.translatedText;
    },
  };
}

/** DeepL by API key. */
export function deeplProvider(
  apiKey: string,
  baseUrl = 'https://api-free.deepl.com',
): TranslationProvider {
  return {
    name: 'deepl',
    supports: supportsGeneral,
    async translate(text, from, to) {
      const data = (await postJson(
        `${baseUrl.replace(/\/$/, '')}/v2/translate`,
        {
          text: [text],
          source_lang: from.toUpperCase(),
          target_lang: to === 'en' ? 'EN-US' : to.toUpperCase(),
        },
        { authorization: `DeepL-Auth-Key ${apiKey}` },
      )) as { translations?: { text?: unknown }[] };
      const translated = data.translations?.[0]?.text;
      if (typeof translated !== 'string') throw new Error('DeepL sent no translation');
      return translated;
    },
  };
}
