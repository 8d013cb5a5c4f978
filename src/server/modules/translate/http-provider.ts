import { TranslationProviderError } from './provider-error.ts';

/** How long a translation service may take to answer one text. */
export const HTTP_TRANSLATE_TIMEOUT_MS = 8000;

export interface HttpCall {
  /** The service's name as administrators read it ("DeepL"). */
  service: string;
  url: string;
  headers?: Record<string, string>;
  body: unknown;
  /** What a 401 or 403 means for this service (which setting to check). */
  refused: string;
  timeoutMs?: number;
}

/** An HTTP status as a failure an administrator can act on (no body: it may echo the text). */
function failureForStatus(call: HttpCall, status: number): TranslationProviderError {
  if (status === 401 || status === 403) {
    return new TranslationProviderError('refused', `${call.refused} (HTTP ${status})`);
  }
  if (status === 429) {
    return new TranslationProviderError(
      'rate-limited',
      `${call.service} asks to slow down: too many requests (HTTP 429)`,
    );
  }
  if (status === 456) {
    return new TranslationProviderError(
      'rate-limited',
      `${call.service}'s character quota is used up (HTTP 456)`,
    );
  }
  if (status >= 500) {
    return new TranslationProviderError(
      'unavailable',
      `${call.service} is not working at the moment (HTTP ${status})`,
    );
  }
  return new TranslationProviderError(
    'bad-answer',
    `${call.service} did not accept the request (HTTP ${status})`,
  );
}

/**
 * POSTs JSON to a translation service and answers its JSON, every failure turned into a
 * TranslationProviderError whose message names the service's address but never the text.
 */
export async function postForJson(call: HttpCall): Promise<unknown> {
  const timeoutMs = call.timeoutMs ?? HTTP_TRANSLATE_TIMEOUT_MS;
  const origin = new URL(call.url).origin;
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new TranslationProviderError(
        'timeout',
        `${call.service} at ${origin} did not answer within ${timeoutMs / 1000} s`,
      );
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    const code = cause && 'code' in cause ? ` (${String(cause.code)})` : '';
    throw new TranslationProviderError(
      'unavailable',
      `${call.service} at ${origin} could not be reached${code}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw failureForStatus(call, response.status);
  }
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new TranslationProviderError(
        'timeout',
        `${call.service} at ${origin} did not finish its answer within ${timeoutMs / 1000} s`,
      );
    }
    throw new TranslationProviderError(
      'bad-answer',
      `${call.service} answered something other than JSON`,
    );
  }
}
