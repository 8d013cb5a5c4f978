// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeMedia } from '#client/test/fake-media';
import {
  ClipPlayer,
  exactClipRange,
  type Clip,
  type ClipPlayerEvent,
  type ClipRangeRule,
} from './clip-player';

const clip = (chapterId: string, startSeconds: number, endSeconds: number): Clip => ({
  chapterId,
  audioUrl: `/api/chapters/${chapterId}/audio`,
  startSeconds,
  endSeconds,
});

describe('exact clip range', () => {
  it('is the clip’s own bounds, inside the audio', () => {
    expect(exactClipRange(clip('c', 5, 8), Number.NaN)).toEqual({ from: 5, to: 8 });
    expect(exactClipRange(clip('c', 5, 8), 7.5)).toEqual({ from: 5, to: 7.5 });
    expect(exactClipRange(clip('c', -0.2, 1), 60)).toEqual({ from: 0, to: 1 });
    expect(exactClipRange(clip('c', 9, 3), 60)).toEqual({ from: 9, to: 9 });
  });
});

describe('clip player', () => {
  let media: ReturnType<typeof installFakeMedia>;
  const created: HTMLAudioElement[] = [];
  const events: ClipPlayerEvent[] = [];
  const newPlayer = (range?: ClipRangeRule) =>
    new ClipPlayer({
      range,
      onEvent: (event) => events.push(event),
      createAudio: () => {
        const audio = document.createElement('audio');
        created.push(audio);
        return audio;
      },
    });

  beforeEach(() => {
    media = installFakeMedia({ duration: 60 });
    created.length = 0;
    events.length = 0;
  });
  afterEach(() => media.uninstall());

  it('plays a chapter element from the clip start and pauses at its end', async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12));
    // The chapter's second element opens at once, to wait at the next clip's start later.
    expect(created).toHaveLength(2);
    const [audio, second] = created;
    expect(audio!.getAttribute('src')).toBe('/api/chapters/c1/audio');
    expect(second!.getAttribute('src')).toBe('/api/chapters/c1/audio');
    expect(second!.paused).toBe(true);
    expect(audio!.currentTime).toBe(10);
    expect(audio!.paused).toBe(false);

    media.advance(audio!, 1.5);
    expect(audio!.paused).toBe(false);
    media.advance(audio!, 0.5);
    expect(audio!.paused).toBe(true);
    expect(events).toEqual(['stopped']);

    // Another stretch of the same chapter reuses its elements; replay seeks back.
    await player.play(clip('c1', 30, 31));
    expect(created).toHaveLength(2);
    expect(audio!.currentTime).toBe(30);
    player.dispose();
  });

  it('plays with the range rule it was given', async () => {
    const player = newPlayer((c, duration) =>
      exactClipRange({ ...c, startSeconds: c.startSeconds - 1 }, duration),
    );
    await player.play(clip('c1', 10, 12));
    expect(created[0]!.currentTime).toBe(9);
    player.dispose();
  });

  it('plays slower when asked, for that play only, and still stops at the clip’s end', async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12), { rate: 0.75 });
    const [audio] = created;
    expect(audio!.playbackRate).toBe(0.75);
    media.advance(audio!, 2);
    expect(audio!.paused).toBe(true);

    await player.play(clip('c1', 10, 12));
    expect(audio!.playbackRate).toBe(1);
    player.dispose();
  });

  it('replays without reporting a stop in between', async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12));
    media.advance(created[0]!, 1);
    await player.play(clip('c1', 10, 12));
    expect(created[0]!.currentTime).toBe(10);
    expect(events).toEqual([]);
    player.dispose();
  });

  it("preloads another chapter's clip at its start without playing it", async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12));
    player.preload(clip('c2', 20, 21));
    expect(created).toHaveLength(3);
    const other = created[2]!;
    expect(other.getAttribute('src')).toBe('/api/chapters/c2/audio');
    expect(other.preload).toBe('auto');
    expect(other.currentTime).toBe(20);
    expect(other.paused).toBe(true);
    expect(created[0]!.paused).toBe(false);

    await player.play(clip('c2', 20, 21));
    expect(created).toHaveLength(3);
    expect(created[0]!.paused).toBe(true);
    expect(other.paused).toBe(false);
    player.dispose();
  });

  it('readies the next clip of the same chapter in a second element while the first plays', async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12));
    player.preload(clip('c1', 40, 42));
    expect(created).toHaveLength(2);
    const [playing, waiting] = created;
    // The clip playing is not moved under the learner's ears; the other waits at the next start.
    expect(playing!.currentTime).toBe(10);
    expect(playing!.paused).toBe(false);
    expect(waiting!.getAttribute('src')).toBe('/api/chapters/c1/audio');
    expect(waiting!.currentTime).toBe(40);
    expect(waiting!.paused).toBe(true);

    // Moving on plays the element already there; the first stops.
    await player.play(clip('c1', 40, 42));
    expect(waiting!.paused).toBe(false);
    expect(playing!.paused).toBe(true);
    // And the one after waits in the element now free; no third element for one chapter.
    player.preload(clip('c1', 50, 51));
    expect(created).toHaveLength(2);
    expect(playing!.currentTime).toBe(50);
    player.dispose();
  });

  it('reports a play the browser blocked', async () => {
    media.play.mockImplementationOnce(() =>
      Promise.reject(new DOMException('no', 'NotAllowedError')),
    );
    const player = newPlayer();
    await player.play(clip('c1', 1, 2));
    expect(events).toEqual(['blocked']);
    player.dispose();
  });
});
