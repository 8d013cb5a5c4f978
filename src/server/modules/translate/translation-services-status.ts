import {
  serviceSequence,
  translationServiceNames,
  translationServiceSettings,
  type TranslationServiceName,
} from '#shared/translation-services';
import type { ConfiguredProviders } from './configured-providers.ts';
import { failureOf } from './provider-error.ts';

/** A word every service knows, asked by the health check (no story text). */
const PROBE = { text: 'hola', from: 'es', to: 'en' } as const;
/** Long enough for Apertium to load its dictionaries on a first call. */
export const SERVICE_CHECK_TIMEOUT_MS = 15_000;

const nameOf = (provider: TranslationServiceName) => translationServiceNames[provider];

/**
 * Which translation services serve this site, said where administrators look (decision 044): one
 * line of the start-up log, and the administrators' health check, which asks each service for one
 * word and says how it answered.
 */
export function createTranslationServicesStatus(
  configured: ConfiguredProviders,
  options: { checkTimeoutMs?: number } = {},
) {
  const { providers, notes } = configured;
  const checkTimeoutMs = options.checkTimeoutMs ?? SERVICE_CHECK_TIMEOUT_MS;
  const names = providers.map((provider) => provider.name);

  async function ask(provider: ConfiguredProviders['providers'][number]) {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        provider.translate(PROBE.text, PROBE.from, PROBE.to),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${checkTimeoutMs / 1000} s`)),
            checkTimeoutMs,
          );
        }),
      ]);
      return {
        ok: true,
        text: `${nameOf(provider.name)} answered in ${Math.round(performance.now() - started)} ms`,
      };
    } catch (error) {
      const message =
        error instanceof Error && error.message.startsWith('no answer within')
          ? error.message
          : failureOf(provider.name, error).message;
      return { ok: false, text: `${nameOf(provider.name)} failed: ${message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** The services that serve this site, in the order they are asked. */
    names: (): TranslationServiceName[] => [...names],

    /** The start-up log's line. */
    startupLine(): string {
      const line =
        names.length > 0
          ? `translation services: ${serviceSequence(names)}`
          : `no translation service: "Fill missing translations" fills glosses only; sentences need ${translationServiceSettings} (docs/operations.md)`;
      return [line, ...notes].join('. ');
    },

    /** The administrators' health check: each service asked for one word. */
    async check(): Promise<{ ok: boolean; message: string }> {
      if (providers.length === 0) {
        return {
          ok: true,
          message: `No translation service is configured: the studio fills glosses only (set ${translationServiceSettings})`,
        };
      }
      const answers = await Promise.all(providers.map(ask));
      return {
        ok: answers.every((answer) => answer.ok),
        message: `${answers.map((answer) => answer.text).join('. ')}.`,
      };
    },
  };
}

export type TranslationServicesStatus = ReturnType<typeof createTranslationServicesStatus>;
