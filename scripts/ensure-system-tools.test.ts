import { describe, expect, it } from 'vitest';
import { planSystemTools, type SystemState } from './ensure-system-tools.ts';

const complete: SystemState = {
  chromiumFound: true,
  ffmpegFound: true,
  ffprobeFound: true,
  isRoot: false,
  aptGetFound: true,
};

describe('planSystemTools', () => {
  it('does nothing when Chromium, ffmpeg and ffprobe are there', () => {
    expect(planSystemTools(complete)).toEqual({ action: 'none' });
    expect(planSystemTools({ ...complete, isRoot: true, aptGetFound: false })).toEqual({
      action: 'none',
    });
  });

  it('installs what is missing through apt as root', () => {
    expect(planSystemTools({ ...complete, isRoot: true, chromiumFound: false })).toEqual({
      action: 'install',
      packages: ['chromium'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium'],
      ],
    });
    expect(
      planSystemTools({ ...complete, isRoot: true, chromiumFound: false, ffmpegFound: false }),
    ).toMatchObject({ action: 'install', packages: ['chromium', 'ffmpeg'] });
  });

  it('installs ffmpeg when only ffprobe is missing (Debian ships both in one package)', () => {
    expect(planSystemTools({ ...complete, isRoot: true, ffprobeFound: false })).toMatchObject({
      action: 'install',
      packages: ['ffmpeg'],
    });
  });

  it('stops with the exact sudo command when not root', () => {
    const plan = planSystemTools({ ...complete, chromiumFound: false, ffmpegFound: false });
    expect(plan.action).toBe('stop');
    expect(plan).toHaveProperty(
      'message',
      expect.stringContaining('sudo apt-get update && sudo apt-get install -y chromium ffmpeg'),
    );
  });

  it('stops naming the Debian packages when there is no apt-get, even as root', () => {
    const plan = planSystemTools({
      ...complete,
      isRoot: true,
      aptGetFound: false,
      ffmpegFound: false,
    });
    expect(plan.action).toBe('stop');
    expect(plan).toHaveProperty('message', expect.stringContaining('apt-get install -y ffmpeg'));
  });

  it('stops when CHROMIUM_PATH names no executable, rather than installing another Chromium', () => {
    const plan = planSystemTools({
      ...complete,
      isRoot: true,
      chromiumPathOverride: '/opt/chrome/chrome',
      chromiumFound: false,
    });
    expect(plan.action).toBe('stop');
    expect(plan).toHaveProperty(
      'message',
      expect.stringContaining('CHROMIUM_PATH=/opt/chrome/chrome'),
    );
  });
});
