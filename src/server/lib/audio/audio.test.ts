import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '#shared/contracts/admin-files';
import { encodeMp3, mp3ClaimingSeconds } from '../../../../tests/api/helpers/lying-recordings.ts';
import {
  AudioDecodeError,
  FFMPEG_MISSING_MESSAGE,
  FfmpegMissingError,
  RecordingTooLongError,
} from './audio-errors.ts';
import { decodeAudio, measureDuration } from './decode-audio.ts';
import { checkAudioTools } from './ffmpeg-tools.ts';
import { PcmCollector } from './pcm-collector.ts';
import { probeAudio } from './probe-audio.ts';
import { streamSeconds, uploadedRecordingSeconds } from './recording-length.ts';

const run = promisify(execFile);
const missingTools = {
  ffmpeg: 'ffmpeg-not-on-this-machine',
  ffprobe: 'ffprobe-not-on-this-machine',
};

/** 0.5 s of silence, 0.5 s of a 440 Hz tone at half scale, 0.5 s of silence; stereo, 44.1 kHz. */
const TONE =
  "aevalsrc='if(between(t,0.5,1),0.5*sin(2*PI*440*t),0)|if(between(t,0.5,1),0.5*sin(2*PI*440*t),0)':s=44100:d=1.5";

let dir: string;
const fixture = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'relatos-audio-test-'));
  const encode = (name: string, codec: string[]) =>
    run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', TONE, ...codec, fixture(name)]);
  await Promise.all([
    encode('tone.wav', ['-c:a', 'pcm_s16le']),
    encode('tone.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']),
    encode('tone.m4a', ['-c:a', 'aac', '-b:a', '64k']),
    encode('tone.opus', ['-c:a', 'libopus', '-b:a', '32k']),
    encode('tone.flac', ['-c:a', 'flac']),
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=16x16:d=1',
      '-frames:v',
      '1',
      fixture('picture.png'),
    ]),
    writeFile(fixture('notes.txt'), 'Había una vez una niña que vivía cerca del mar.\n'),
    writeFile(fixture('empty.wav'), Buffer.alloc(0)),
  ]);
  // 1.5 s of tone whose header claims about 116 days, and one claiming half a second.
  const mp3 = await encodeMp3({ file: fixture('tone.wav') });
  await writeFile(fixture('claims-months.mp3'), mp3ClaimingSeconds(mp3, 10_000_000));
  await writeFile(fixture('claims-half-second.mp3'), mp3ClaimingSeconds(mp3, 0.5));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Index of the first sample louder than a quiet threshold: where the tone begins. */
const onsetSeconds = (samples: Float32Array, sampleRate: number) =>
  samples.findIndex((value) => Math.abs(value) > 0.05) / sampleRate;

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return Math.sqrt(sum / samples.length);
}

describe('decodeAudio', () => {
  it('decodes a stereo WAV to mono samples at 16 kHz with the exact length and timeline', async () => {
    const audio = await decodeAudio(fixture('tone.wav'));
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.samples).toBeInstanceOf(Float32Array);
    expect(audio.samples.length).toBe(24_000);
    expect(audio.durationSeconds).toBe(1.5);
    expect(onsetSeconds(audio.samples, 16_000)).toBeCloseTo(0.5, 2);
    expect(rms(audio.samples.subarray(0, 7_900))).toBeLessThan(0.001);
    // A half-scale sine has an RMS of 0.5/√2, kept through the mix-down and resampling.
    expect(rms(audio.samples.subarray(8_200, 15_800))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it.each(['tone.mp3', 'tone.m4a', 'tone.opus', 'tone.flac'])(
    'decodes %s with its timeline where it was recorded (no encoder delay left in)',
    async (name) => {
      const audio = await decodeAudio(fixture(name), { sampleRate: 22_050 });
      expect(audio.sampleRate).toBe(22_050);
      expect(Math.abs(audio.durationSeconds - 1.5)).toBeLessThan(0.06);
      expect(Math.abs(onsetSeconds(audio.samples, 22_050) - 0.5)).toBeLessThan(0.01);
    },
  );

  it('decodes only a window, sample for sample the same as that part of the whole', async () => {
    const whole = await decodeAudio(fixture('tone.wav'));
    const window = await decodeAudio(fixture('tone.wav'), {
      startSeconds: 0.4,
      durationSeconds: 0.3,
    });
    expect(window.samples.length).toBe(4_800);
    expect(onsetSeconds(window.samples, 16_000)).toBeCloseTo(0.1, 2);
    expect(Array.from(window.samples.subarray(1_000, 1_100))).toEqual(
      Array.from(whole.samples.subarray(7_400, 7_500)),
    );
  });

  it('decodes the same timeline from a path, a buffer and a stream', async () => {
    const fromPath = await decodeAudio(fixture('tone.mp3'));
    const bytes = await readFile(fixture('tone.mp3'));
    const fromBuffer = await decodeAudio(bytes);
    // Chunks of odd sizes, as a network upload would deliver them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 777) }, (_, i) =>
      bytes.subarray(i * 777, (i + 1) * 777),
    );
    const fromStream = await decodeAudio(Readable.from(chunks));
    // From a pipe ffmpeg cannot look ahead to trim the MP3 encoder's end padding (under one
    // frame); every sample before it is the same.
    for (const piped of [fromBuffer, fromStream]) {
      expect(piped.samples.length - fromPath.samples.length).toBeGreaterThanOrEqual(0);
      expect(piped.durationSeconds - fromPath.durationSeconds).toBeLessThan(1152 / 44_100);
      expect(piped.samples.subarray(0, fromPath.samples.length)).toEqual(fromPath.samples);
    }
  });

  it.each([
    ['notes.txt', /not an audio recording that can be read/],
    ['empty.wav', /not an audio recording that can be read|contains no audio/],
    ['picture.png', /no audio track/],
    ['missing.mp3', /not found/],
  ])('explains why %s cannot be decoded', async (name, message) => {
    const error = await decodeAudio(fixture(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as AudioDecodeError).message).toMatch(message);
    expect((error as AudioDecodeError).detail).not.toBe('');
  });

  it('says there is no audio after the end of the recording', async () => {
    const error = await decodeAudio(fixture('tone.wav'), { startSeconds: 5 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as Error).message).toBe('The recording has no audio after 5.00 s.');
  });

  it('stops ffmpeg when the job is cancelled', async () => {
    const endless = new PassThrough();
    endless.write(await readFile(fixture('tone.wav')));
    const controller = new AbortController();
    const decoding = decodeAudio(endless, { signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(decoding).rejects.toThrow('cancelled');
    endless.destroy();
  });

  it('refuses a sample rate or window that makes no sense', async () => {
    await expect(decodeAudio(fixture('tone.wav'), { sampleRate: 0 })).rejects.toThrow(RangeError);
    await expect(decodeAudio(fixture('tone.wav'), { startSeconds: -1 })).rejects.toThrow(
      RangeError,
    );
  });

  it('tells how to install ffmpeg when it is missing', async () => {
    const error = await decodeAudio(fixture('tone.wav'), { tools: missingTools }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegMissingError);
    expect((error as Error).message).toBe('ffmpeg is not installed: apt-get install -y ffmpeg');
  });
});

describe('a header that lies about the length (decision 059)', () => {
  const tooLong = uploadMessages.recordingTooLong;

  it('decodes what an MP3 holds when its header claims months, reserving no more memory', async () => {
    expect((await probeAudio(fixture('claims-months.mp3'))).durationSeconds).toBeGreaterThan(9e6);
    for (const options of [{}, { maxSeconds: 60 }]) {
      const audio = await decodeAudio(fixture('claims-months.mp3'), options);
      expect(Math.abs(audio.durationSeconds - 1.5)).toBeLessThan(0.06);
      expect(audio.samples.buffer.byteLength).toBeLessThan(2 * 16_000 * 4);
    }
  });

  it('decodes all of an MP3 whose header claims less than it holds', async () => {
    const audio = await decodeAudio(fixture('claims-half-second.mp3'));
    expect(Math.abs(audio.durationSeconds - 1.5)).toBeLessThan(0.06);
  });

  it('refuses a decoding past the limit, in words', async () => {
    for (const name of ['tone.wav', 'claims-half-second.mp3']) {
      const error = await decodeAudio(fixture(name), { maxSeconds: 1 }).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(RecordingTooLongError);
      expect(error, name).toBeInstanceOf(AudioDecodeError);
      expect((error as Error).message).toBe(
        'The recording is longer than 1 second, the longest this server accepts (MAX_RECORDING_MINUTES): split it into shorter chapters',
      );
    }
    const atTheLimit = await decodeAudio(fixture('tone.wav'), { maxSeconds: 2 });
    expect(atTheLimit.durationSeconds).toBe(1.5);
  });

  it('measures the stream’s length from its packets, whatever the header claims', async () => {
    for (const name of ['claims-months.mp3', 'claims-half-second.mp3', 'tone.m4a']) {
      const seconds = await streamSeconds(fixture(name), { maxSeconds: 60 });
      expect(Math.abs(seconds - 1.5), name).toBeLessThan(0.06);
    }
    await expect(
      streamSeconds(fixture('claims-half-second.mp3'), { maxSeconds: 1 }),
    ).rejects.toThrow(tooLong(1));
    await expect(streamSeconds(fixture('notes.txt'), { maxSeconds: 60 })).rejects.toBeInstanceOf(
      AudioDecodeError,
    );
  });

  it('measures an upload from its stream, and from its header only when ffmpeg cannot', async () => {
    const months = await readFile(fixture('claims-months.mp3'));
    const seconds = await uploadedRecordingSeconds(months, 'audio/mpeg', { maxSeconds: 60 });
    expect(Math.abs(seconds! - 1.5)).toBeLessThan(0.06);
    await expect(
      uploadedRecordingSeconds(months, 'audio/mpeg', { maxSeconds: 60, tools: missingTools }),
    ).rejects.toThrow(tooLong(60));
    const half = await readFile(fixture('claims-half-second.mp3'));
    await expect(uploadedRecordingSeconds(half, 'audio/mpeg', { maxSeconds: 1 })).rejects.toThrow(
      tooLong(1),
    );
    const claimed = await uploadedRecordingSeconds(half, 'audio/mpeg', {
      maxSeconds: 1,
      tools: missingTools,
    });
    expect(claimed).toBeCloseTo(0.5, 1);
    const text = await readFile(fixture('notes.txt'));
    expect(await uploadedRecordingSeconds(text, 'text/plain', { maxSeconds: 60 })).toBeNull();
  });
});

describe('probeAudio and measureDuration', () => {
  it('reads what a file is from its headers', async () => {
    expect(await probeAudio(fixture('tone.wav'))).toEqual({
      durationSeconds: 1.5,
      codec: 'pcm_s16le',
      container: 'wav',
      sampleRate: 44_100,
      channels: 2,
    });
    const m4a = await probeAudio(fixture('tone.m4a'));
    expect(m4a.codec).toBe('aac');
    expect(Math.abs(m4a.durationSeconds - 1.5)).toBeLessThan(0.03);
  });

  it('measures the decoded length', async () => {
    expect(await measureDuration(fixture('tone.wav'))).toBe(1.5);
    expect(Math.abs((await measureDuration(fixture('tone.mp3'))) - 1.5)).toBeLessThan(0.06);
  });

  it('explains a file that is not audio', async () => {
    await expect(probeAudio(fixture('notes.txt'))).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(probeAudio(fixture('picture.png'))).rejects.toThrow(/no audio track/);
  });

  it('reports a missing ffprobe as a missing ffmpeg', async () => {
    await expect(probeAudio(fixture('tone.wav'), missingTools)).rejects.toThrow(
      FFMPEG_MISSING_MESSAGE,
    );
  });
});

describe('checkAudioTools', () => {
  it('reports the installed ffmpeg', async () => {
    const status = await checkAudioTools();
    expect(status.ok).toBe(true);
    expect(status.detail).toMatch(/^ffmpeg version /);
  });

  it('reports a missing ffmpeg with the command that installs it', async () => {
    expect(await checkAudioTools(missingTools)).toEqual({
      ok: false,
      detail: FFMPEG_MISSING_MESSAGE,
    });
  });
});

describe('PcmCollector', () => {
  const values = [0, 1, -1, 32767, -32768, 12345, -12345];
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => bytes.writeInt16LE(value, i * 2));

  it.each([
    ['no expected length', undefined],
    ['the exact length', 7],
    ['a length too short', 2],
    ['a length far too long', 100],
  ])('joins samples split across chunks at any byte, given %s', (_, expected) => {
    const collector = new PcmCollector(expected);
    for (const [from, to] of [
      [0, 1],
      [1, 4],
      [4, 5],
      [5, 5],
      [5, 14],
    ]) {
      collector.push(bytes.subarray(from, to));
    }
    const samples = collector.toFloat32();
    expect(Array.from(samples)).toEqual(values.map((value) => value / 32768));
    expect(samples.buffer.byteLength).toBeLessThan(100 * 4);
  });
});
