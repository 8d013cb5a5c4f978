import type { TranslationServiceName } from '#shared/translation-services';

/** What went wrong with a translation service, for the log and the administrator's report. */
export type ProviderFailureKind =
  | 'not-installed'
  | 'refused'
  | 'rate-limited'
  | 'unavailable'
  | 'timeout'
  | 'bad-answer'
  | 'crashed'
  | 'unexpected';

/**
 * A translation service's failure, with a message safe to show an administrator and to log: it
 * never holds the text asked for or the service's answer (stories are not the log's business).
 */
export class TranslationProviderError extends Error {
  override readonly name = 'TranslationProviderError';
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** A service that could not translate a text, as the caller reports it. */
export interface ProviderFailure {
  provider: TranslationServiceName;
  kind: ProviderFailureKind;
  message: string;
}

/**
 * Any error a provider threw, as a failure to report. An error that is not a
 * TranslationProviderError is a defect whose message may hold anything: only its class is kept.
 */
export function failureOf(provider: TranslationServiceName, error: unknown): ProviderFailure {
  if (error instanceof TranslationProviderError) {
    return { provider, kind: error.kind, message: error.message };
  }
  const name = error instanceof Error ? error.name : typeof error;
  return { provider, kind: 'unexpected', message: `unexpected error (${name})` };
}
