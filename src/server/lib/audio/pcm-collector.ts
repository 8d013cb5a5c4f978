/**
 * Little-endian 16-bit PCM arriving in chunks of any length (a chunk may end inside a sample),
 * kept as received and converted once at the end: the recording is held as 16-bit (2 bytes per
 * sample) until the one Float32Array of the exact length is made.
 */
export class PcmCollector {
  private chunks: Buffer[] = [];
  private bytes = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
  }

  toFloat32(): Float32Array {
    const samples = new Float32Array(Math.floor(this.bytes / 2));
    let index = 0;
    let carry: number | undefined;
    for (const chunk of this.chunks) {
      let offset = 0;
      if (carry !== undefined && chunk.length > 0) {
        samples[index++] = ((((chunk[0]! << 8) | carry) << 16) >> 16) / 32768;
        carry = undefined;
        offset = 1;
      }
      const whole = offset + Math.floor((chunk.length - offset) / 2) * 2;
      for (; offset < whole; offset += 2) samples[index++] = chunk.readInt16LE(offset) / 32768;
      if (offset < chunk.length) carry = chunk[offset];
    }
    this.chunks = [];
    return samples;
  }
}
