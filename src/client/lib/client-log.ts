/**
 * Reports client-side events to the server (`POST /api/client-log`). Fire and forget: a failed
 * report must never disturb the page, so errors are swallowed.
 */
export type ClientLogEvent = { kind: 'not_found'; path: string };

export function sendClientLog(event: ClientLogEvent): void {
  try {
    void fetch('/api/client-log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
      credentials: 'same-origin',
      // Lets the report finish even if the visitor navigates away at once.
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself unavailable: nothing to do.
  }
}
