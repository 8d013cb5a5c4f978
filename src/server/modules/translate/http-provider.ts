import { TranslationProviderError } from './provider-error.ts';

/** How long a translation service may take to answer one text. */
export const HTTP_TRANSLATE_TIMEOUT_MS = 8000;

export interface HttpCall {
  url: string;
  headers?: Record<string, string>;
  body: unknown;
  /** What a 401 or 403 means for this service (which setting to check). */
  refused: string;
  timeoutMs?: number;
}

/**
 * An HTTP status as a failure an administrator can act on. The body is not kept: it may echo the
 * text. Messages follow the service's name ("DeepL failed: …"), so they do not repeat it.
 */
function failureForStatus(call: HttpCall, status: number): TranslationProviderError {
  if (status === 401 || status === 403) {
    return new TranslationProviderError('refused', `${call.refused} (HTTP ${status})`);
  }
  if (status === 429) {
    return new TranslationProviderError(
      'rate-limited',
      'too many requests: the service asks to slow down (HTTP 429)',
    );
  }
  if (status === 456) {
    return new TranslationProviderError(
      'rate-limited',
      'the character quota is used up (HTTP 456)',
    );
  }
  if (status >= 500) {
    return new TranslationProviderError(
      'unavailable',
      `the service is not working at the moment (HTTP ${status})`,
    );
  }
  return new TranslationProviderError(
    'bad-answer',
    `the request was not accepted (HTTP ${status})`,
  );
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * POSTs JSON to a translation service and answers its JSON, every failure turned into a
 * TranslationProviderError whose message names the service's address but never the text.
 */
export async function postForJson(call: HttpCall): Promise<unknown> {
  const timeoutMs = call.timeoutMs ?? HTTP_TRANSLATE_TIMEOUT_MS;
  const origin = new URL(call.url).origin;
  const noAnswer = () =>
    new TranslationProviderError(
      'timeout',
      `no answer from ${origin} within ${timeoutMs / 1000} s`,
    );
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (isTimeout(error)) throw noAnswer();
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    const code = cause && 'code' in cause ? ` (${String(cause.code)})` : '';
    throw new TranslationProviderError('unavailable', `${origin} could not be reached${code}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw failureForStatus(call, response.status);
  }
  try {
    return await response.json();
  } catch (error) {
    if (isTimeout(error)) throw noAnswer();
    throw new TranslationProviderError('bad-answer', 'the answer was not JSON');
  }
}
