// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearErrorLog, ERROR_LOG_STORAGE_KEY, getErrorLog, logClientError } from './error-log';

describe('client error log', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    sessionStorage.clear();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    consoleError.mockRestore();
    vi.useRealTimers();
  });

  it('stores an entry with timestamp, code, message, context, url and user agent', () => {
    vi.useFakeTimers({ now: new Date('2025-03-04T05:06:07.000Z') });
    logClientError({
      code: 'AUDIO_LOAD_ERROR',
      message: 'Audio failed',
      context: { chapterId: 'c1' },
    });

    const [entry] = getErrorLog();
    expect(entry).toEqual({
      timestamp: '2025-03-04T05:06:07.000Z',
      code: 'AUDIO_LOAD_ERROR',
      message: 'Audio failed',
      context: { chapterId: 'c1' },
      url: window.location.href,
      userAgent: navigator.userAgent,
    });
    expect(JSON.parse(sessionStorage.getItem(ERROR_LOG_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('logs to the console as well', () => {
    logClientError({ code: 'NETWORK_ERROR', message: 'Offline' });
    expect(consoleError).toHaveBeenCalledWith('[NETWORK_ERROR] Offline', {});
  });

  it('keeps the newest 10 entries, newest first', () => {
    for (let i = 1; i <= 12; i += 1) {
      logClientError({ code: 'UNKNOWN_ERROR', message: `error ${i}` });
    }
    const log = getErrorLog();
    expect(log).toHaveLength(10);
    expect(log.map((e) => e.message)).toEqual([
      'error 12',
      'error 11',
      'error 10',
      'error 9',
      'error 8',
      'error 7',
      'error 6',
      'error 5',
      'error 4',
      'error 3',
    ]);
  });

  it('clears the log', () => {
    logClientError({ code: 'STORAGE_ERROR', message: 'x' });
    clearErrorLog();
    expect(getErrorLog()).toEqual([]);
    expect(sessionStorage.getItem(ERROR_LOG_STORAGE_KEY)).toBeNull();
  });

  it('reads a corrupted log as empty and replaces it on the next error', () => {
    sessionStorage.setItem(ERROR_LOG_STORAGE_KEY, '{not json');
    expect(getErrorLog()).toEqual([]);
    logClientError({ code: 'VALIDATION_ERROR', message: 'bad input' });
    expect(getErrorLog().map((e) => e.code)).toEqual(['VALIDATION_ERROR']);
  });

  it('does not throw when the context cannot be serialised', () => {
    const context: Record<string, unknown> = {};
    context.self = context;
    expect(() =>
      logClientError({ code: 'UNKNOWN_ERROR', message: 'cyclic', context }),
    ).not.toThrow();
    expect(getErrorLog()).toEqual([]);
  });
});
