/**
 * Power spectrum of real frames by a radix-2 FFT. A real frame of n samples is transformed as a
 * complex one of n/2 points (even samples real, odd samples imaginary) and then split, which halves
 * the work of the hour-long recordings the aligner reads frame by frame.
 */
export class PowerSpectrum {
  readonly size: number;
  private readonly half: number;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly bitReversed: Uint32Array;
  /** Twiddles of the n/2-point transform. */
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  /** Twiddles e^{-2πik/n} of the split step. */
  private readonly splitCos: Float64Array;
  private readonly splitSin: Float64Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) {
      throw new RangeError(`FFT size must be a power of two of at least 4, got ${size}`);
    }
    this.size = size;
    const half = size / 2;
    this.half = half;
    this.re = new Float64Array(half);
    this.im = new Float64Array(half);
    this.bitReversed = new Uint32Array(half);
    const bits = Math.log2(half);
    for (let i = 0; i < half; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.bitReversed[i] = r;
    }
    this.cos = new Float64Array(half / 2);
    this.sin = new Float64Array(half / 2);
    for (let k = 0; k < half / 2; k++) {
      this.cos[k] = Math.cos((-2 * Math.PI * k) / half);
      this.sin[k] = Math.sin((-2 * Math.PI * k) / half);
    }
    this.splitCos = new Float64Array(half + 1);
    this.splitSin = new Float64Array(half + 1);
    for (let k = 0; k <= half; k++) {
      this.splitCos[k] = Math.cos((-2 * Math.PI * k) / size);
      this.splitSin[k] = Math.sin((-2 * Math.PI * k) / size);
    }
  }

  /**
   * Writes |X[k]|² for k = 0…n/2 into `out` (length n/2 + 1). `frame` holds n samples (a shorter
   * frame is zero-padded).
   */
  compute(frame: ArrayLike<number>, out: Float32Array): void {
    const { half, re, im, bitReversed } = this;
    for (let k = 0; k < half; k++) {
      const target = bitReversed[k] as number;
      re[target] = frame[2 * k] ?? 0;
      im[target] = frame[2 * k + 1] ?? 0;
    }
    this.transformInPlace();
    const { splitCos, splitSin } = this;
    for (let k = 0; k <= half; k++) {
      const a = k === half ? 0 : k;
      const b = k === 0 ? 0 : half - k;
      const zr = re[a] as number;
      const zi = im[a] as number;
      const cr = re[b] as number;
      const ci = -(im[b] as number);
      // Even part E = (Z[k] + conj Z[n/2−k]) / 2, odd part O = (Z[k] − conj Z[n/2−k]) / 2i.
      const er = (zr + cr) / 2;
      const ei = (zi + ci) / 2;
      const or = (zi - ci) / 2;
      const oi = -(zr - cr) / 2;
      const wr = splitCos[k] as number;
      const wi = splitSin[k] as number;
      const xr = er + wr * or - wi * oi;
      const xi = ei + wr * oi + wi * or;
      out[k] = xr * xr + xi * xi;
    }
  }

  private transformInPlace(): void {
    const { half, re, im, cos, sin } = this;
    for (let len = 2; len <= half; len *= 2) {
      const step = half / len;
      const halfLen = len / 2;
      for (let start = 0; start < half; start += len) {
        for (let j = 0; j < halfLen; j++) {
          const wr = cos[j * step] as number;
          const wi = sin[j * step] as number;
          const p = start + j;
          const q = p + halfLen;
          const qr = re[q] as number;
          const qi = im[q] as number;
          const tr = wr * qr - wi * qi;
          const ti = wr * qi + wi * qr;
          const pr = re[p] as number;
          const pi = im[p] as number;
          re[q] = pr - tr;
          im[q] = pi - ti;
          re[p] = pr + tr;
          im[p] = pi + ti;
        }
      }
    }
  }
}
