// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { popupPosition, TranslationPopup, type PopupAnchor } from './translation-popup';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function renderPopup(anchor: Partial<PopupAnchor> = {}) {
  const onClose = vi.fn();
  const word = document.createElement('span');
  word.dataset.w = '3';
  word.tabIndex = 0;
  word.textContent = 'mercado';
  const other = document.createElement('p');
  other.textContent = 'elsewhere';
  document.body.append(word, other);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TranslationPopup
        request={{ text: 'mercado', local: 'market' }}
        settings={{ mode: 'local', targetLanguage: 'en' }}
        anchor={{
          rect: { top: 100, bottom: 124, left: 200, width: 60 },
          returnFocusTo: word,
          takeFocus: false,
          ...anchor,
        }}
        onClose={onClose}
        ignoreOutside={(target) => target.closest('[data-w]') !== null}
      />
    </QueryClientProvider>,
  );
  return { onClose, word, other, popup: screen.getByRole('dialog', { name: 'mercado' }) };
}

describe('translation popup', () => {
  it('sits 40 px below the top of its anchor, inside the page width', () => {
    expect(
      popupPosition({ top: 100, bottom: 124, left: 200, width: 60 }, { x: 0, y: 500 }, 1000),
    ).toEqual({
      top: 640,
      left: 86,
    });
    // Near the right edge it is pulled back in.
    expect(
      popupPosition({ top: 0, bottom: 20, left: 980, width: 20 }, { x: 0, y: 0 }, 1000).left,
    ).toBe(1000 - 288 - 8);
    // A tall anchor (large text) never hides under the popup.
    expect(
      popupPosition({ top: 0, bottom: 60, left: 0, width: 10 }, { x: 0, y: 0 }, 1000).top,
    ).toBe(64);
  });

  it('shows the translation and where it comes from', async () => {
    const { popup } = renderPopup();
    expect(await screen.findByText('market')).toBeInTheDocument();
    expect(popup).toHaveTextContent('From the story');
  });

  it('closes on a press elsewhere, not on a press inside it or on a word', () => {
    const { onClose, popup, word, other } = renderPopup();
    fireEvent.pointerDown(popup);
    fireEvent.pointerDown(word);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(other);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape and gives focus back to the word when it had taken it', () => {
    const { onClose, popup, word } = renderPopup({ takeFocus: true });
    expect(popup).toHaveFocus();
    fireEvent.keyDown(popup, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(word).toHaveFocus();
  });

  it('leaves focus alone when opened by pointer', () => {
    const { popup, other } = renderPopup({ takeFocus: false });
    expect(popup).not.toHaveFocus();
    other.tabIndex = -1;
    other.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(other).toHaveFocus();
  });

  it('has a close button', () => {
    const { onClose } = renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Close translation' }));
    expect(onClose).toHaveBeenCalled();
  });
});
