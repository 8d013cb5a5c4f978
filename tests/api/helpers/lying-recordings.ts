import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** MPEG-1 layer III at 44.1 kHz: 1152 samples a frame. */
const SAMPLE_RATE = 44_100;
const SAMPLES_PER_FRAME = 1152;

/**
 * A recording encoded by ffmpeg as a constant-bit-rate MP3 at 44.1 kHz, which LAME opens with an
 * Info header (the Xing header of CBR files): `input` is a file or an ffmpeg lavfi source.
 */
export async function encodeMp3(input: { file: string } | { lavfi: string }): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'relatos-lying-'));
  try {
    const out = path.join(dir, 'recording.mp3');
    const source = 'file' in input ? ['-i', input.file] : ['-f', 'lavfi', '-i', input.lavfi];
    await run('ffmpeg', [
      '-v',
      'error',
      ...source,
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The same MP3 whose header claims to last `seconds`: its Xing/Info frame count rewritten, the
 * one number players, ffprobe and music-metadata take an MP3's length from. The audio is
 * untouched, so decoding it still gives what it holds.
 */
export function mp3ClaimingSeconds(mp3: Buffer, seconds: number): Buffer {
  const lying = Buffer.from(mp3);
  const head = lying.subarray(0, 512);
  const at = Math.max(head.indexOf('Xing'), head.indexOf('Info'));
  if (at < 0) throw new Error('the MP3 has no Xing/Info header');
  const flags = lying.readUInt32BE(at + 4);
  if ((flags & 1) === 0) throw new Error('the Xing/Info header carries no frame count');
  lying.writeUInt32BE(Math.round((seconds * SAMPLE_RATE) / SAMPLES_PER_FRAME), at + 8);
  return lying;
}
