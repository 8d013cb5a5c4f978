/** A Server-Sent Events stream read by a test, as a browser's EventSource would receive it. */
export interface EventStreamReader {
  /** The response's Content-Type. */
  contentType: string | null;
  /** Everything received so far. */
  received(): string;
  /** Reads until `needle` has arrived; rejects when the stream ends first. */
  readUntil(needle: string): Promise<void>;
  /** Leaves the stream, as a closed page does. */
  close(): void;
}

export async function openEventStreamReader(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    contentType: response.headers.get('content-type'),
    received: () => buffer,
    async readUntil(needle) {
      while (!buffer.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${needle}"`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}
