import { Readable, Transform, type TransformCallback } from 'node:stream';

/** Reads a whole stream into one Buffer. */
export async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Accepts a Buffer or a stream and yields Buffers. */
export function toReadable(body: Buffer | NodeJS.ReadableStream): Readable {
  if (Buffer.isBuffer(body)) return Readable.from([body]);
  if (body instanceof Readable) return body;
  return Readable.from(body as AsyncIterable<Buffer | string>);
}

/** A transform that drops the first `skip` bytes and passes at most `take` bytes after them. */
export function sliceStream(skip: number, take: number): Transform {
  let toSkip = skip;
  let toTake = take;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      let buf = chunk;
      if (toSkip > 0) {
        const n = Math.min(toSkip, buf.length);
        toSkip -= n;
        buf = buf.subarray(n);
      }
      if (toTake > 0 && buf.length > 0) {
        const out = buf.subarray(0, Math.min(toTake, buf.length));
        toTake -= out.length;
        this.push(out);
      }
      callback();
    },
  });
}

/** A Node error code, if any. */
export const errorCode = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
