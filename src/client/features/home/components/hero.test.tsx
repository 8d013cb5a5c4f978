// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeMedia } from '#client/test/fake-media';
import { Hero, sampleProgress } from './hero';

let media: ReturnType<typeof installFakeMedia>;
beforeEach(() => {
  media = installFakeMedia({ duration: 60 });
});
afterEach(() => {
  cleanup();
  media.uninstall();
});

describe("the hero's sample card (issue 14)", () => {
  it('plays the demo line it shows, stops at its end, and leads to the demo', () => {
    const { container } = render(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    const audio = container.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/demo/sample.m4a');
    // Fetched only when asked for: the home page's first load stays light.
    expect(audio).toHaveAttribute('preload', 'none');
    expect(screen.getByRole('link', { name: 'Open the demo' })).toHaveAttribute('href', '/demo');

    fireEvent.click(screen.getByRole('button', { name: 'Play the sample' }));
    expect(audio.paused).toBe(false);
    expect(audio.currentTime).toBeCloseTo(0.3);
    expect(screen.getByRole('button', { name: 'Pause the sample' })).toBeInTheDocument();

    act(() => media.advance(audio, 8));
    expect(audio.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play the sample' })).toBeInTheDocument();
  });

  it("plays the same line from the phone's compact button, and shows it once heard", () => {
    const { container } = render(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    // One audio element: the card and the phone's button are two ways of hearing one sample.
    expect(container.querySelectorAll('audio')).toHaveLength(1);
    const audio = container.querySelector('audio')!;
    expect(screen.queryByText(/Lucía tiene veinticinco años/, { selector: 'p' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Hear a sample/ }));
    expect(audio.paused).toBe(false);
    expect(audio.currentTime).toBeCloseTo(0.3);
    expect(screen.getByRole('button', { name: /Pause sample/ })).toBeInTheDocument();
    expect(screen.getByText(/Lucía tiene veinticinco años/, { selector: 'p' })).toHaveAttribute(
      'lang',
      'es',
    );

    act(() => media.advance(audio, 8));
    expect(audio.paused).toBe(true);
    expect(screen.getByRole('button', { name: /Hear a sample/ })).toBeInTheDocument();
  });

  it('opens with what it is given (the Continue section), on its own background', () => {
    render(
      <MemoryRouter>
        <Hero lead={<h2>Continue Where You Left Off</h2>} />
      </MemoryRouter>,
    );
    const hero = screen.getByRole('region', { name: /Master Spanish/ });
    expect(
      within(hero).getByRole('heading', { name: 'Continue Where You Left Off' }),
    ).toBeInTheDocument();
  });

  it('measures the share of the line played', () => {
    expect(sampleProgress(0)).toBe(0);
    expect(sampleProgress(7.614)).toBe(1);
    expect(sampleProgress(3.957)).toBeCloseTo(0.5);
  });
});
