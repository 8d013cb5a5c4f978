// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMedia, stubDesktopMatchMedia } from '#client/test/fake-media';
import { renderApp, stubApi } from '#client/test/render-app';
import sample from './sample-transcript.json';

let media: ReturnType<typeof installFakeMedia>;

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
  stubDesktopMatchMedia();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  media = installFakeMedia({ duration: 94 });
});

afterEach(() => {
  cleanup();
  media.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('demo page', () => {
  it('plays the built-in sample signed out, with glosses from its transcript and reading tips', async () => {
    const fetchMock = stubApi({});
    const { container } = renderApp('/demo');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo Story' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Relatos — Demo Story');

    const audio = container.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/demo/sample.m4a');
    expect(audio).toHaveAttribute('preload', 'metadata');

    const list = screen.getByRole('list', { name: 'Transcript of Demo Story' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(sample.segments.length);
    expect(screen.getByText(`1 de ${sample.segments.length}`)).toBeInTheDocument();

    const first = sample.segments[1]!.words[0]!;
    fireEvent.click(within(list).getAllByText(first.text, { selector: '[data-w]' })[0]!);
    expect(audio.currentTime).toBe(first.start);
    expect(media.play).toHaveBeenCalled();
    const popup = await screen.findByRole('dialog', { name: first.text });
    expect(await within(popup).findByText(first.gloss!)).toBeInTheDocument();

    fireEvent.click(
      screen.getByRole('button', { name: `Translate line 1 of ${sample.segments.length}` }),
    );
    const slot = within(list)
      .getAllByRole('listitem')[0]!
      .querySelector<HTMLElement>('[data-slot]')!;
    expect(await within(slot).findByText(sample.segments[0]!.translation!)).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Reading tips' })).toBeInTheDocument();
    // No chapter, transcript or translation came from the server.
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => /\/api\/(chapters|stories|translate|progress)/.test(url))).toEqual(
      [],
    );
  });
});
