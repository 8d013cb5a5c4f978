import { INLINED_DATA_ELEMENT_ID } from '#shared/server-render';

/**
 * First data the server may inline into the HTML it sends, so a page renders without waiting for
 * its API calls. The block's id and keys are the server's and the client's common contract
 * (src/shared/server-render.ts). Missing or unreadable data is simply absent.
 */

let cache: Record<string, unknown> | null = null;

function read(): Record<string, unknown> {
  if (cache !== null) return cache;
  cache = {};
  if (typeof document === 'undefined') return cache;
  const element = document.getElementById(INLINED_DATA_ELEMENT_ID);
  if (!element?.textContent) return cache;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      cache = parsed as Record<string, unknown>;
    }
  } catch {
    // A broken block only costs the API call it would have saved.
  }
  return cache;
}

/** The inlined body for `key`, or undefined. The type is the API contract's; it is not re-checked. */
export function readInlinedData<T>(key: string): T | undefined {
  return read()[key] as T | undefined;
}

/** When the inlined data was produced (the page load), for TanStack Query's freshness. */
export const inlinedDataUpdatedAt = (): number =>
  typeof performance !== 'undefined' ? Math.round(performance.timeOrigin) : Date.now();

/** Tests only: forget what was read. */
export function resetInlinedDataForTests(): void {
  cache = null;
}
