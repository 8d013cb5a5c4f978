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

/** Mean power of a signal. */
const meanPower = (samples: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! ** 2;
  return sum / samples.length;
};

/**
 * Adds `noise` (as long as the recording) at `snrDb` below the recording's active speech level.
 */
export function addNoiseAt(pcm: Pcm, noise: Float32Array, snrDb: number): Float32Array {
  const gain = Math.sqrt(activeSpeechPower(pcm) / (meanPower(noise) * 10 ** (snrDb / 10)));
  return pcm.samples.map((value, i) => value + gain * noise[i]!);
}

/**
 * Brown (red) noise: seeded white noise through a leaky integrator, its power falling 6 dB an
 * octave: a rumble (traffic, wind, a machine) that masks vowels' low formants more than pink noise.
 */
export function brownNoise(length: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const noise = new Float32Array(length);
  let level = 0;
  for (let i = 0; i < length; i++) {
    level = 0.995 * level + (random() * 2 - 1) * 0.1;
    noise[i] = level;
  }
  return noise;
}

/**
 * Babble: several talkers' speech summed at equal levels, each from its own starting point and
 * looped to the length, as a café or a crowd sounds behind a narrator.
 */
export function babble(
  talkers: readonly Float32Array[],
  length: number,
  seed: number,
): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(length);
  for (const talker of talkers) {
    const gain = 1 / Math.sqrt(meanPower(talker));
    const offset = Math.floor(random() * talker.length);
    for (let i = 0; i < length; i++) out[i]! += gain * talker[(offset + i) % talker.length]!;
  }
  return out;
}

/**
 * Lays music over a recording from `at` (samples; the music is cut at the recording's end), at
 * `levelDb` relative to the recording's active speech level (RMS over the music's own active
 * frames): +6 is music louder than the voice.
 */
export function mixMusic(pcm: Pcm, music: Float32Array, at: number, levelDb: number): Float32Array {
  const musicPower = activeSpeechPower({ samples: music, sampleRate: pcm.sampleRate });
  const gain = Math.sqrt((activeSpeechPower(pcm) * 10 ** (levelDb / 10)) / musicPower);
  const out = Float32Array.from(pcm.samples);
  for (let i = 0; i < music.length && at + i < out.length; i++) out[at + i]! += gain * music[i]!;
  return out;
}

/** Scales a signal so that its peak is `peak` (full scale 1); music and speech summed may clip otherwise. */
export function normalisePeak(samples: Float32Array, peak = 0.95): Float32Array {
  const highest = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
  return highest > peak ? samples.map((value) => (value * peak) / highest) : samples;
}
