/**
 * Little-endian 16-bit PCM arriving in chunks of any length (a chunk may end inside a sample),
 * gathered into one Float32Array. When the length is known beforehand (a file's declared
 * duration), samples go straight into an array of that size, so an hour of audio costs its
 * Float32 size once; otherwise the chunks are kept as they came (2 bytes a sample) and converted
 * once at the end.
 */
export class PcmCollector {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private carry: number | undefined;
  private direct: Float32Array | undefined;
  private written = 0;

  constructor(expectedSamples?: number) {
    if (expectedSamples !== undefined && expectedSamples > 0) {
      this.direct = new Float32Array(Math.ceil(expectedSamples));
    }
  }

  push(chunk: Buffer): void {
    if (!this.direct) {
      this.chunks.push(chunk);
      this.bytes += chunk.length;
      return;
    }
    const needed = this.written + Math.ceil((chunk.length + 1) / 2);
    if (needed > this.direct.length) {
      // The file was longer than it said: grow by a quarter (rare; a bad MP3 header).
      const grown = new Float32Array(Math.max(needed, Math.ceil(this.direct.length * 1.25)));
      grown.set(this.direct.subarray(0, this.written));
      this.direct = grown;
    }
    this.written = this.convert(this.direct, this.written, chunk);
  }

  toFloat32(): Float32Array {
    if (this.direct) {
      const samples = this.direct;
      this.direct = undefined;
      // A generous estimate would keep its slack alive for as long as the samples: copy then.
      return this.written < samples.length * 0.95
        ? samples.slice(0, this.written)
        : samples.subarray(0, this.written);
    }
    const samples = new Float32Array(Math.floor(this.bytes / 2));
    let index = 0;
    this.carry = undefined;
    for (const chunk of this.chunks) index = this.convert(samples, index, chunk);
    this.chunks = [];
    return samples;
  }

  /** Converts a chunk's samples into `into` from `index` on; returns the next index. */
  private convert(into: Float32Array, index: number, chunk: Buffer): number {
    let offset = 0;
    if (this.carry !== undefined && chunk.length > 0) {
      into[index++] = ((((chunk[0]! << 8) | this.carry) << 16) >> 16) / 32768;
      this.carry = undefined;
      offset = 1;
    }
    const whole = offset + Math.floor((chunk.length - offset) / 2) * 2;
    for (; offset < whole; offset += 2) into[index++] = chunk.readInt16LE(offset) / 32768;
    if (offset < chunk.length) this.carry = chunk[offset];
    return index;
  }
}
