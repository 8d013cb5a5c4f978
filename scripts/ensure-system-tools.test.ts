import { describe, expect, it } from 'vitest';
import { planSystemTools, type SystemState } from './ensure-system-tools.ts';

const complete: SystemState = {
  chromiumFound: true,
  ffmpegFound: true,
  ffprobeFound: true,
  apertiumFound: true,
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

  it('installs apertium-eng-spa as root, with the others or alone', () => {
    expect(planSystemTools({ ...complete, isRoot: true, apertiumFound: false })).toEqual({
      action: 'install',
      packages: ['apertium-eng-spa'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'apertium-eng-spa'],
      ],
    });
    expect(
      planSystemTools({ ...complete, isRoot: true, ffmpegFound: false, apertiumFound: false }),
    ).toMatchObject({ action: 'install', packages: ['ffmpeg', 'apertium-eng-spa'] });
  });

  it('goes on without Apertium when not root, saying its tests are skipped and how to install it', () => {
    expect(planSystemTools({ ...complete, apertiumFound: false })).toEqual({
      action: 'none',
      notice:
        'apertium-eng-spa is not installed and this is not root: the Apertium tests are skipped. To run them: sudo apt-get install -y apertium-eng-spa',
    });
    const plan = planSystemTools({ ...complete, ffmpegFound: false, apertiumFound: false });
    expect(plan).toHaveProperty(
      'message',
      expect.stringContaining('sudo apt-get install -y ffmpeg\n'),
    );
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
