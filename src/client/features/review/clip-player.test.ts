// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeMedia } from '#client/test/fake-media';
import { ClipPlayer, clipBounds, clipEnded, type Clip, type ClipPlayerEvent } from './clip-player';

const clip = (chapterId: string, startSeconds: number, endSeconds: number): Clip => ({
  chapterId,
  audioUrl: `/api/chapters/${chapterId}/audio`,
  startSeconds,
  endSeconds,
});

describe('clip range rules', () => {
  it('starts a little before the sentence and stops a little after, inside the audio', () => {
    expect(clipBounds(clip('c', 5, 8))).toEqual({ from: 4.9, to: 8.2 });
    expect(clipBounds(clip('c', 0.05, 8), 8.1)).toEqual({ from: 0, to: 8.1 });
    expect(clipBounds(clip('c', 9, 3))).toEqual({ from: 8.9, to: 8.9 });
    expect(clipEnded(clip('c', 5, 8), 8.1)).toBe(false);
    expect(clipEnded(clip('c', 5, 8), 8.2)).toBe(true);
  });
});

describe('clip player', () => {
  let media: ReturnType<typeof installFakeMedia>;
  const created: HTMLAudioElement[] = [];
  const events: ClipPlayerEvent[] = [];
  const newPlayer = () =>
    new ClipPlayer(
      (event) => events.push(event),
      () => {
        const audio = document.createElement('audio');
        created.push(audio);
        return audio;
      },
    );

  beforeEach(() => {
    media = installFakeMedia({ duration: 60 });
    created.length = 0;
    events.length = 0;
  });
  afterEach(() => media.uninstall());

  it('plays one chapter element from the clip start and pauses at its end', async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12));
    expect(created).toHaveLength(1);
    const [audio] = created;
    expect(audio!.getAttribute('src')).toBe('/api/chapters/c1/audio');
    expect(audio!.currentTime).toBeCloseTo(9.9);
    expect(audio!.paused).toBe(false);

    media.advance(audio!, 1);
    expect(audio!.paused).toBe(false);
    media.advance(audio!, 1.4);
    expect(audio!.paused).toBe(true);
    expect(events).toEqual(['stopped']);

    // Another sentence of the same chapter reuses its element; replay seeks back.
    await player.play(clip('c1', 30, 31));
    expect(created).toHaveLength(1);
    expect(audio!.currentTime).toBeCloseTo(29.9);
    player.dispose();
  });

  it("preloads the next card's chapter at its start without playing it", async () => {
    const player = newPlayer();
    await player.play(clip('c1', 10, 12));
    player.preload(clip('c2', 20, 21));
    expect(created).toHaveLength(2);
    expect(created[1]!.preload).toBe('auto');
    expect(created[1]!.currentTime).toBeCloseTo(19.9);
    expect(created[1]!.paused).toBe(true);
    expect(created[0]!.paused).toBe(false);

    await player.play(clip('c2', 20, 21));
    expect(created).toHaveLength(2);
    expect(created[0]!.paused).toBe(true);
    expect(created[1]!.paused).toBe(false);
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
