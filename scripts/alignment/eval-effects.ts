/** The degradations of the evaluation set that are computed here rather than by ffmpeg. */
import { seededRandom } from './prng.ts';
import type { Pcm } from './eval-audio.ts';

/**
 * The level of speech in a recording: the mean power of the 20 ms frames within 40 dB of the
 * loudest one (pauses left out), as speech levels are usually measured.
 */
export function activeSpeechPower({ samples, sampleRate }: Pcm): number {
  const frame = Math.round(sampleRate * 0.02);
  const powers: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i]! ** 2;
    powers.push(sum / frame);
  }
  const loudest = Math.max(...powers);
  const active = powers.filter((power) => power >= loudest * 1e-4);
  return active.reduce((a, b) => a + b, 0) / active.length;
}

/**
 * Pink noise (Paul Kellet's filter on seeded white noise) added at `snrDb` below the active
 * speech level: the noise runs through pauses too, as a room's or a street's would.
 */
export function addPinkNoise(pcm: Pcm, snrDb: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const noise = new Float32Array(pcm.samples.length);
  let b0 = 0,
    b1 = 0,
    b2 = 0,
    b3 = 0,
    b4 = 0,
    b5 = 0,
    b6 = 0;
  let power = 0;
  for (let i = 0; i < noise.length; i++) {
    const white = random() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    const value = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
    noise[i] = value;
    power += value * value;
  }
  power /= noise.length;
  const gain = Math.sqrt(activeSpeechPower(pcm) / (power * 10 ** (snrDb / 10)));
  return pcm.samples.map((value, i) => value + gain * noise[i]!);
}

export interface Room {
  /** Seconds for the tail to decay by 60 dB. */
  rt60: number;
  /** Energy of the direct sound over that of everything after it (dB). */
  directToReverberantDb: number;
}

/**
 * A room: the direct sound, a few early reflections, then a diffuse tail of velvet noise (sparse
 * ±1 impulses, 2,000 a second) decaying by 60 dB in `rt60` seconds, scaled so the direct sound
 * stands `directToReverberantDb` above the rest (a narrator a foot or two from the microphone in
 * an ordinary room: about +3 dB). Sparse, so the convolution stays quick here. The direct sound
 * is at lag 0: reverberation adds to the signal but moves nothing, and the true times stay those
 * of the dry recording.
 */
export function addReverb(pcm: Pcm, room: Room, seed: number): Float32Array {
  const { samples, sampleRate } = pcm;
  const random = seededRandom(seed);
  const reflections: { lag: number; gain: number }[] = [];
  for (const [ms, gain] of [
    [7, 0.45],
    [11, -0.35],
    [17, 0.3],
    [23, -0.25],
    [31, 0.2],
  ] as const) {
    reflections.push({ lag: Math.round((ms / 1000) * sampleRate), gain });
  }
  const spacing = sampleRate / 2000;
  const length = Math.round(room.rt60 * sampleRate);
  for (let k = Math.round((0.035 * sampleRate) / spacing); k * spacing < length; k++) {
    const lag = Math.round(k * spacing + random() * (spacing - 1));
    const decay = Math.exp((-6.9 * lag) / (room.rt60 * sampleRate));
    reflections.push({ lag, gain: (random() < 0.5 ? -1 : 1) * decay });
  }
  const energy = reflections.reduce((sum, tap) => sum + tap.gain ** 2, 0);
  const scale = Math.sqrt(10 ** (-room.directToReverberantDb / 10) / energy);
  const out = Float32Array.from(samples);
  for (const { lag, gain } of reflections) {
    const g = gain * scale;
    for (let i = lag; i < out.length; i++) out[i]! += g * samples[i - lag]!;
  }
  const peak = out.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
  const original = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
  return peak > original ? out.map((value) => (value * original) / peak) : out;
}

/**
 * A tune for an intro, for ffmpeg's aevalsrc: a melody of plucked notes (a pentatonic phrase, a
 * note every 0.3 s, with two harmonics and a decay), a fifth below it, and a soft bass drone,
 * faded out over its last two seconds.
 */
export function introTuneSource(seconds: number, sampleRate: number, variant: number): string {
  const scale = [0, 2, 4, 7, 9, 12, 9, 7, 4, 2, 4, 7];
  const base = 220 * 2 ** ((variant % 5) / 12);
  // note(t) = the scale step of the note sounding at t, built from sums of between() terms.
  const step = scale
    .map(
      (semitones, i) =>
        `${2 ** (semitones / 12)}*eq(mod(floor(t/0.3)+${variant},${scale.length}),${i})`,
    )
    .join('+');
  const f = `${base}*(${step})`;
  const envelope = 'exp(-6*mod(t,0.3))';
  const fade = `min(1,(${seconds}-t)/2)`;
  const voice = `(sin(2*PI*${f}*t)+0.4*sin(4*PI*${f}*t)+0.2*sin(6*PI*${f}*t))`;
  const fifth = `0.5*sin(2*PI*${f}*0.6674*t)`;
  const drone = `0.25*sin(2*PI*${base / 2}*t)`;
  return `aevalsrc='0.22*${fade}*(${envelope}*(${voice}+${fifth})+${drone})':s=${sampleRate}:d=${seconds}`;
}
