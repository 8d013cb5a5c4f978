/** PCM plumbing of the evaluation build: ffmpeg filters and sources through pipes, Opus files. */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { decodeAudio } from '#server/lib/audio/index';
import { bestLag } from '../content/encode.ts';

export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

export const silence = (seconds: number, sampleRate: number) =>
  new Float32Array(Math.round(seconds * sampleRate));

export function concatPcm(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const fromInt16 = (samples: Int16Array) => Float32Array.from(samples, (v) => v / 32768);

const toInt16 = (samples: Float32Array) =>
  Int16Array.from(samples, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32768))));

/** Runs ffmpeg with raw float PCM in (optional) and out, at the given rates. */
function ffmpegPcm(
  inputArgs: string[],
  input: Float32Array | null,
  outArgs: string[],
  outRate: number,
): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        ...inputArgs,
        ...outArgs,
        '-ac',
        '1',
        '-ar',
        String(outRate),
        '-f',
        'f32le',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(
          new Error(`ffmpeg ${inputArgs.join(' ')} ${outArgs.join(' ')} failed: ${stderr.trim()}`),
        );
        return;
      }
      const bytes = Buffer.concat(chunks);
      const out = new Float32Array(bytes.length / 4);
      for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
      resolve(out);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(
      input ? Buffer.from(input.buffer, input.byteOffset, input.byteLength) : undefined,
    );
  });
}

/** Passes PCM through an ffmpeg audio filter chain (`-af`), e.g. rubberband. */
export function filterPcm(pcm: Pcm, filter: string): Promise<Float32Array> {
  return ffmpegPcm(
    ['-f', 'f32le', '-ar', String(pcm.sampleRate), '-ac', '1', '-i', 'pipe:0'],
    pcm.samples,
    ['-af', filter],
    pcm.sampleRate,
  );
}

/** The same sound at another sample rate (ffmpeg's default resampler). */
export async function resamplePcm(pcm: Pcm, sampleRate: number): Promise<Pcm> {
  const samples = await ffmpegPcm(
    ['-f', 'f32le', '-ar', String(pcm.sampleRate), '-ac', '1', '-i', 'pipe:0'],
    pcm.samples,
    [],
    sampleRate,
  );
  return { samples, sampleRate };
}

/** Audio from one of ffmpeg's generators (`-f lavfi`), e.g. aevalsrc. */
export function generatePcm(source: string, sampleRate: number): Promise<Float32Array> {
  return ffmpegPcm(['-f', 'lavfi', '-i', source], null, [], sampleRate);
}

/**
 * Writes mono Opus in Ogg at a speech bit rate, byte-identical between runs (bitexact), then
 * decodes it back and checks that the timeline did not move: the decoded audio must match the
 * PCM at lag 0 (±1 ms), since every true time refers to the PCM.
 */
export async function writeOpus(pcm: Pcm, bitrateKbps: number, file: string): Promise<number> {
  const encoded = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'f32le',
        '-ar',
        String(pcm.sampleRate),
        '-ac',
        '1',
        '-i',
        'pipe:0',
        '-c:a',
        'libopus',
        '-b:a',
        `${bitrateKbps}k`,
        '-vbr',
        'on',
        '-compression_level',
        '10',
        '-application',
        'audio',
        '-map_metadata',
        '-1',
        '-fflags',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        '-f',
        'ogg',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`opus encoding failed: ${stderr}`)),
    );
    child.stdin.end(
      Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength),
    );
  });
  await writeFile(file, encoded);
  const back = await decodeAudio(file, { sampleRate: pcm.sampleRate });
  const lag = bestLag(toInt16(pcm.samples), toInt16(back.samples), pcm.sampleRate);
  if (Math.abs(lag) > pcm.sampleRate * 0.001) {
    throw new Error(`${file}: the encoded audio is offset by ${lag} samples`);
  }
  if (Math.abs(back.samples.length - pcm.samples.length) > pcm.sampleRate * 0.03) {
    throw new Error(
      `${file}: decoded ${back.samples.length} samples, expected ${pcm.samples.length}`,
    );
  }
  return encoded.length;
}
