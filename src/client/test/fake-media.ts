import { vi } from 'vitest';

interface MediaState {
  currentTime: number;
  paused: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
}

/**
 * jsdom has no media playback: this gives every <audio> a clock that tests move by hand, a
 * duration, and play()/pause()/load() that change state and fire the events a browser fires.
 */
export function installFakeMedia({ duration = 75 }: { duration?: number } = {}) {
  const states = new WeakMap<HTMLMediaElement, MediaState>();
  const state = (element: HTMLMediaElement) => {
    let value = states.get(element);
    if (!value) {
      value = { currentTime: 0, paused: true, playbackRate: 1, defaultPlaybackRate: 1 };
      states.set(element, value);
    }
    return value;
  };
  const proto = HTMLMediaElement.prototype;
  const fire = (element: HTMLMediaElement, type: string) => element.dispatchEvent(new Event(type));

  const restore: Array<() => void> = [];
  const define = (name: string, descriptor: PropertyDescriptor) => {
    const previous = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, { configurable: true, ...descriptor });
    restore.push(() => {
      if (previous) Object.defineProperty(proto, name, previous);
      else delete (proto as unknown as Record<string, unknown>)[name];
    });
  };

  define('currentTime', {
    get(this: HTMLMediaElement) {
      return state(this).currentTime;
    },
    set(this: HTMLMediaElement, value: number) {
      state(this).currentTime = value;
      fire(this, 'seeking');
      fire(this, 'seeked');
    },
  });
  define('duration', { get: () => duration });
  define('readyState', { get: () => 4 });
  define('paused', {
    get(this: HTMLMediaElement) {
      return state(this).paused;
    },
  });
  define('ended', { get: () => false });
  define('playbackRate', {
    get(this: HTMLMediaElement) {
      return state(this).playbackRate;
    },
    set(this: HTMLMediaElement, value: number) {
      state(this).playbackRate = value;
      fire(this, 'ratechange');
    },
  });
  define('defaultPlaybackRate', {
    get(this: HTMLMediaElement) {
      return state(this).defaultPlaybackRate;
    },
    set(this: HTMLMediaElement, value: number) {
      state(this).defaultPlaybackRate = value;
    },
  });

  const play = vi.fn(function (this: HTMLMediaElement) {
    if (state(this).paused) {
      state(this).paused = false;
      fire(this, 'play');
    }
    return Promise.resolve();
  });
  const pause = vi.fn(function (this: HTMLMediaElement) {
    if (!state(this).paused) {
      state(this).paused = true;
      fire(this, 'pause');
    }
  });
  const load = vi.fn();
  define('play', { value: play, writable: true });
  define('pause', { value: pause, writable: true });
  define('load', { value: load, writable: true });

  return {
    play,
    pause,
    load,
    /** Moves the clock as playback would (no seek events). */
    advance(element: HTMLMediaElement, seconds: number) {
      state(element).currentTime += seconds;
      fire(element, 'timeupdate');
    },
    uninstall() {
      for (const undo of restore.reverse()) undo();
    },
  };
}

/** A matchMedia where `min-width` queries match (desktop) and the rest do not. */
export function stubDesktopMatchMedia() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /min-width|pointer: fine/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    })),
  );
}
