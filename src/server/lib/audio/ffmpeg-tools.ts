import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { FfmpegMissingError } from './audio-errors.ts';

/**
 * The programs this module runs. Both come with the Debian package `ffmpeg`. Tests replace them
 * (a name that does not exist shows how a machine without ffmpeg behaves).
 */
export interface AudioTools {
  ffmpeg: string;
  ffprobe: string;
}

export const defaultAudioTools: AudioTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

/** Keeps only the end of what a child writes to stderr: that is where ffmpeg names the problem. */
export class StderrTail {
  private text = '';

  constructor(private readonly limit = 8192) {}

  push(chunk: Buffer): void {
    this.text = (this.text + chunk.toString('utf8')).slice(-this.limit);
  }

  toString(): string {
    return this.text;
  }
}

/**
 * Starts one of the tools. A program that does not exist is reported as FfmpegMissingError through
 * `onMissing` (spawn signals it asynchronously, as an 'error' event with ENOENT).
 */
export function spawnTool(
  command: string,
  args: string[],
  options: SpawnOptions,
  onMissing: (error: FfmpegMissingError) => void,
): ChildProcess {
  const child = spawn(command, args, { ...options, windowsHide: true });
  child.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') onMissing(new FfmpegMissingError(command));
  });
  return child;
}

export interface ToolOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a tool whose output is small (ffprobe, -version) and collects it. */
export function runTool(command: string, args: string[]): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }, reject);
    let stdout = '';
    const stderr = new StderrTail();
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') reject(error);
    });
    child.once('close', (code) => resolve({ code, stdout, stderr: stderr.toString() }));
  });
}

export interface AudioToolsStatus {
  ok: boolean;
  /** ffmpeg's version, or what is wrong (e.g. FFMPEG_MISSING_MESSAGE). */
  detail: string;
}

/**
 * Whether audio can be decoded here, for the start-up log and the health check: ok with ffmpeg's
 * version, or the message an administrator acts on. Never throws.
 */
export async function checkAudioTools(
  tools: AudioTools = defaultAudioTools,
): Promise<AudioToolsStatus> {
  try {
    const versions: string[] = [];
    for (const command of [tools.ffmpeg, tools.ffprobe]) {
      const result = await runTool(command, ['-hide_banner', '-version']);
      if (result.code !== 0)
        return { ok: false, detail: `${command} -version failed: ${result.stderr.trim()}` };
      versions.push(result.stdout.split('\n')[0]?.trim() ?? command);
    }
    return { ok: true, detail: versions[0] ?? 'ffmpeg' };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
