// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sleepOff, SHADOW_MARGIN_SECONDS } from '#shared/player/listening-assist';
import { installFakeMedia, stubDesktopMatchMedia } from '#client/test/fake-media';
import { renderApp, stubApi } from '#client/test/render-app';
import { stubResizeObserver } from '#client/test/stub-resize-observer';
import {
  activityStore,
  ASSIST_SETTINGS_KEY,
  idleActivity,
  sleepTimerStore,
} from '#client/components/listening/assist/assist-store';
import sample from './sample-transcript.json';

let media: ReturnType<typeof installFakeMedia>;

beforeEach(() => {
  localStorage.clear();
  sleepTimerStore.set(sleepOff);
  activityStore.set(idleActivity);
  vi.stubGlobal('scrollTo', vi.fn());
  // jsdom has no ResizeObserver (the shortcuts help popover measures itself with one).
  stubResizeObserver();
  stubDesktopMatchMedia();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  media = installFakeMedia({ duration: 94 });
  stubApi({});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  media.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The listening assist (components/listening/assist) on the demo's listening screen, which the
// player shares (ListeningLayout).
const [first, second] = sample.segments;

/** The demo page (the player's listening screen with a built-in chapter), assist panel open. */
async function openDemo() {
  const view = renderApp('/demo');
  await screen.findByRole('heading', { level: 1, name: 'Demo Story' });
  const audio = view.container.querySelector('audio')!;
  const assist = screen.getByRole('region', { name: 'Listening assist' });
  fireEvent.click(within(assist).getByRole('button', { name: /Listening assist/ }));
  return { ...view, audio, assist };
}

/** Plays from `time` and moves the clock by `seconds` (a `timeupdate`, as playback does). */
function playFrom(audio: HTMLAudioElement, time: number) {
  audio.currentTime = time;
  act(() => void audio.play());
}
const advance = (audio: HTMLAudioElement, seconds: number) =>
  act(() => media.advance(audio, seconds));

const storedSettings = () => JSON.parse(localStorage.getItem(ASSIST_SETTINGS_KEY) ?? '{}');

describe('listening assist', () => {
  it('repeat: at the end of the line playback goes back to its start and keeps playing', async () => {
    const { audio, assist } = await openDemo();
    const toggle = within(assist).getByRole('switch', { name: 'Repeat the current line' });
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(storedSettings()).toMatchObject({ repeatLine: true });

    playFrom(audio, second!.start + 1);
    advance(audio, 1);
    expect(audio.currentTime).toBeCloseTo(second!.start + 2);
    advance(audio, second!.end - audio.currentTime + 0.01);
    expect(audio.currentTime).toBe(second!.start);
    expect(audio.paused).toBe(false);
    expect(within(assist).getByText('Repeat line')).toBeInTheDocument();
  });

  it('auto-pause: stops at the end of each line, and play goes on to the next line', async () => {
    const { audio, assist } = await openDemo();
    fireEvent.click(within(assist).getByRole('radio', { name: 'Pause (auto-pause)' }));
    expect(storedSettings()).toMatchObject({ lineEnd: 'pause' });

    playFrom(audio, first!.start);
    advance(audio, first!.end - first!.start);
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBeCloseTo(first!.end);
    expect(within(assist).getByRole('status')).toHaveTextContent(
      'Paused after line 1. Press play for the next line.',
    );

    // Play again: the same line end is not acted on twice; the next line's end is.
    act(() => void audio.play());
    expect(within(assist).getByRole('status')).toBeEmptyDOMElement();
    advance(audio, 0.3);
    expect(audio.paused).toBe(false);
    advance(audio, second!.end - audio.currentTime);
    expect(audio.paused).toBe(true);
    expect(within(assist).getByRole('status')).toHaveTextContent('Paused after line 2.');
  });

  it('shadowing: pauses for the line length plus the margin, then plays on by itself', async () => {
    const { audio, assist } = await openDemo();
    fireEvent.click(within(assist).getByRole('radio', { name: 'Shadowing: pause to repeat it' }));
    playFrom(audio, second!.start);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    advance(audio, second!.end - second!.start);
    expect(audio.paused).toBe(true);
    expect(within(assist).getByRole('status')).toHaveTextContent('Your turn: say line 2 aloud.');

    const gapMs = (second!.end - second!.start + SHADOW_MARGIN_SECONDS) * 1000;
    act(() => vi.advanceTimersByTime(gapMs - 50));
    expect(audio.paused).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(audio.paused).toBe(false);
    expect(within(assist).getByRole('status')).toBeEmptyDOMElement();

    // "Stay paused" keeps the next shadowing pause from ending by itself.
    advance(audio, sample.segments[2]!.end - audio.currentTime);
    expect(audio.paused).toBe(true);
    fireEvent.click(within(assist).getByRole('button', { name: 'Stay paused' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(audio.paused).toBe(true);
  });

  it('replays the current line at 0.75×, then gives the chosen speed back', async () => {
    const { audio, assist } = await openDemo();
    playFrom(audio, second!.start + 2);
    fireEvent.click(within(assist).getByRole('button', { name: 'Replay line slowly' }));
    expect(audio.currentTime).toBe(second!.start);
    expect(audio.playbackRate).toBe(0.75);
    expect(audio.paused).toBe(false);
    expect(within(assist).getByRole('status')).toHaveTextContent('Replaying line 2 at 0.75×.');

    advance(audio, second!.end - second!.start);
    expect(audio.playbackRate).toBe(1);
    expect(audio.paused).toBe(false);
    expect(within(assist).getByRole('status')).toBeEmptyDOMElement();
  });

  it('after repeat + auto-pause stopped at a line, the slow replay replays that line', async () => {
    const { audio, assist } = await openDemo();
    fireEvent.click(within(assist).getByRole('switch', { name: 'Repeat the current line' }));
    fireEvent.click(within(assist).getByRole('radio', { name: 'Pause (auto-pause)' }));
    playFrom(audio, second!.start + 1);
    advance(audio, second!.end - audio.currentTime);
    // Paused back at the start of line 2, which is within a moment of line 1's end.
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(second!.start);
    fireEvent.click(within(assist).getByRole('button', { name: 'Replay line slowly' }));
    expect(audio.currentTime).toBe(second!.start);
    expect(audio.playbackRate).toBe(0.75);
    expect(within(assist).getByRole('status')).toHaveTextContent('Replaying line 2 at 0.75×.');
  });

  it('listen first hides each line until a click reveals it, or the whole transcript', async () => {
    const { audio, container, assist } = await openDemo();
    fireEvent.click(within(assist).getByRole('radio', { name: 'Hide each line until revealed' }));
    const surface = container.querySelector<HTMLElement>('[data-palette]')!;
    expect(surface.dataset.listenFirst).toBe('lines');

    const line = container.querySelector<HTMLElement>('li[data-s="1"]')!;
    expect(line).not.toHaveAttribute('data-revealed');
    fireEvent.click(line.querySelector('[data-w]')!);
    expect(line).toHaveAttribute('data-revealed');
    // The click revealed the line instead of playing from the word.
    expect(media.play).not.toHaveBeenCalled();
    expect(audio.paused).toBe(true);
    expect(container.querySelector('li[data-s="2"]')).not.toHaveAttribute('data-revealed');

    fireEvent.click(within(assist).getByRole('radio', { name: 'Hide the whole transcript' }));
    expect(surface.dataset.listenFirst).toBe('all');
    fireEvent.click(within(assist).getByRole('button', { name: 'Show the transcript' }));
    expect(surface.dataset.listenFirst).toBeUndefined();
    expect(within(assist).queryByText('The transcript is hidden: listen first.')).toBeNull();
    // The option says what the page shows (issue 14): the text, not "Hide the whole transcript".
    expect(within(assist).getByRole('radio', { name: 'Show the text' })).toBeChecked();
    expect(
      within(assist).getByRole('radio', { name: 'Hide the whole transcript' }),
    ).not.toBeChecked();
  });

  it('each mode has a key, listed in the shortcuts help', async () => {
    const { assist, container } = await openDemo();
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(within(assist).getByRole('switch', { name: 'Repeat the current line' })).toBeChecked();
    fireEvent.keyDown(document.body, { key: 'p' });
    expect(within(assist).getByRole('radio', { name: 'Pause (auto-pause)' })).toBeChecked();
    fireEvent.keyDown(document.body, { key: 's' });
    expect(
      within(assist).getByRole('radio', { name: 'Shadowing: pause to repeat it' }),
    ).toBeChecked();
    fireEvent.keyDown(document.body, { key: 's' });
    expect(within(assist).getByRole('radio', { name: 'Keep playing' })).toBeChecked();
    fireEvent.keyDown(document.body, { key: 'h' });
    expect(
      within(assist).getByRole('radio', { name: 'Hide each line until revealed' }),
    ).toBeChecked();
    // T reveals the current line (the first, before playing); Enter on a hidden word its line.
    const lineItem = (s: number) => container.querySelector<HTMLElement>(`li[data-s="${s}"]`)!;
    expect(lineItem(0)).not.toHaveAttribute('data-revealed');
    fireEvent.keyDown(document.body, { key: 't' });
    expect(lineItem(0)).toHaveAttribute('data-revealed');
    fireEvent.keyDown(lineItem(2).querySelector('[data-w]')!, { key: 'Enter' });
    expect(lineItem(2)).toHaveAttribute('data-revealed');
    expect(lineItem(1)).not.toHaveAttribute('data-revealed');
    expect(media.play).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'z' });
    expect(within(assist).getByRole('combobox', { name: 'Sleep timer' })).toHaveValue(
      'chapter-end',
    );
    // Not while typing, nor with a modifier.
    fireEvent.keyDown(document.body, { key: 'r', ctrlKey: true });
    expect(within(assist).getByRole('switch', { name: 'Repeat the current line' })).toBeChecked();

    fireEvent.keyDown(document.body, { key: '?' });
    const heading = await screen.findByText('Keyboard shortcuts', { selector: 'p' });
    const help = heading.parentElement!;
    for (const action of [
      'Repeat the current line (on/off)',
      'Pause at the end of each line (on/off)',
      'Shadowing: pause to repeat each line (on/off)',
      'Replay the current line slowly',
      'Listen first: hide lines, all, or show',
      'Reveal the current line',
      'Sleep timer: next choice',
    ]) {
      expect(within(help).getByText(action)).toBeInTheDocument();
    }
  });

  it('the settings are kept for the next chapter (another listening screen)', async () => {
    const first = await openDemo();
    fireEvent.click(within(first.assist).getByRole('switch', { name: 'Repeat the current line' }));
    fireEvent.click(within(first.assist).getByRole('radio', { name: 'Pause (auto-pause)' }));
    first.unmount();

    const { assist } = await openDemo();
    expect(within(assist).getByRole('switch', { name: 'Repeat the current line' })).toBeChecked();
    expect(within(assist).getByRole('radio', { name: 'Pause (auto-pause)' })).toBeChecked();
    expect(within(assist).getByText('Repeat line · Auto-pause')).toBeInTheDocument();
  });

  it('sleep timer: fades the volume over the last seconds of the chapter, then gives it back', async () => {
    const { audio, assist } = await openDemo();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fireEvent.change(within(assist).getByRole('combobox', { name: 'Sleep timer' }), {
      target: { value: 'chapter-end' },
    });
    audio.volume = 0.8;
    playFrom(audio, 94 - 5);
    act(() => vi.advanceTimersByTime(250));
    // 5 s of a 10 s equal-power fade left: sin(π/4) of the learner's volume.
    expect(audio.volume).toBeCloseTo(0.8 * Math.SQRT1_2, 5);
    expect(within(assist).getByText('0:05 left')).toBeInTheDocument();

    act(() => {
      audio.dispatchEvent(new Event('ended'));
      vi.advanceTimersByTime(10);
    });
    expect(audio.volume).toBeCloseTo(0.8, 5);
    expect(within(assist).getByRole('combobox', { name: 'Sleep timer' })).toHaveValue('off');
    expect(within(assist).getByRole('status')).toHaveTextContent('Sleep timer: playback paused.');
  });

  it('at the end of the chapter a slow replay gives the speed back, then the sleep timer says it stopped', async () => {
    const { audio, assist } = await openDemo();
    fireEvent.change(within(assist).getByRole('combobox', { name: 'Sleep timer' }), {
      target: { value: 'chapter-end' },
    });
    const last = sample.segments.at(-1)!;
    playFrom(audio, last.start + 0.5);
    fireEvent.click(within(assist).getByRole('button', { name: 'Replay line slowly' }));
    expect(audio.playbackRate).toBe(0.75);
    // The recording ends before the line's end is reached: the browser pauses, then ends.
    act(() => {
      audio.pause();
      audio.dispatchEvent(new Event('ended'));
    });
    expect(audio.playbackRate).toBe(1);
    expect(audio.currentTime).toBe(0);
    expect(within(assist).getByRole('combobox', { name: 'Sleep timer' })).toHaveValue('off');
    expect(within(assist).getByRole('status')).toHaveTextContent('Sleep timer: playback paused.');
  });

  it('sleep timer: after N minutes of listening it pauses', async () => {
    const { audio, assist } = await openDemo();
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    fireEvent.change(within(assist).getByRole('combobox', { name: 'Sleep timer' }), {
      target: { value: '5' },
    });
    playFrom(audio, 0);
    act(() => vi.advanceTimersByTime(5 * 60_000 - 5_000));
    expect(audio.paused).toBe(false);
    expect(audio.volume).toBeLessThan(1);
    act(() => vi.advanceTimersByTime(6_000));
    expect(audio.paused).toBe(true);
    expect(audio.volume).toBe(1);
    expect(within(assist).getByRole('combobox', { name: 'Sleep timer' })).toHaveValue('off');
  });
  it('with a line mode on, the media keys step by line and play/pause follow the auto-pause', async () => {
    const handlers = new Map<string, () => void>();
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: vi.fn((action: string, handler: (() => void) | null) => {
        if (handler) handlers.set(action, handler);
        else handlers.delete(action);
      }),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    onTestFinished(() => {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: Record<string, unknown>) {}
      },
    );
    const { audio, assist } = await openDemo();
    // No line mode: the previous/next track keys are not ours.
    expect(handlers.has('nexttrack')).toBe(false);

    fireEvent.click(within(assist).getByRole('radio', { name: 'Pause (auto-pause)' }));
    playFrom(audio, first!.start + 0.5);
    act(() => handlers.get('nexttrack')!());
    expect(audio.currentTime).toBe(second!.start);
    act(() => handlers.get('previoustrack')!());
    expect(audio.currentTime).toBe(first!.start);
    advance(audio, first!.end - first!.start);
    expect(audio.paused).toBe(true);
    expect(session.playbackState).toBe('paused');
    // The lock screen's play goes on to the next line.
    act(() => handlers.get('play')!());
    expect(audio.paused).toBe(false);
    advance(audio, 0.5);
    expect(audio.paused).toBe(false);

    fireEvent.click(within(assist).getByRole('radio', { name: 'Keep playing' }));
    expect(handlers.has('nexttrack')).toBe(false);
  });
});
