import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import type { TranslationRequest, TranslationSettings } from '#client/lib/api/translate';
import { TranslationResult } from './translation-result';

/** Spec: the popup sits 40 px below its anchor. */
export const POPUP_OFFSET_PX = 40;
const POPUP_WIDTH_PX = 288;
const EDGE_PX = 8;

export interface PopupAnchor {
  /** Viewport rectangle of the word or selection. */
  rect: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'width'>;
  /** Where focus returns on Escape (the word), when it was opened from the keyboard. */
  returnFocusTo?: HTMLElement | null;
  /** Move focus into the popup (keyboard users) or leave it where it is (pointer). */
  takeFocus: boolean;
}

export interface TranslationPopupProps {
  request: TranslationRequest;
  settings: TranslationSettings;
  anchor: PopupAnchor;
  onClose: () => void;
  /** Elements whose clicks do not count as "elsewhere" (the words, which open their own popup). */
  ignoreOutside?: (target: Element) => boolean;
  /** Where the popup is attached (the reading area, so it takes the reading palette). */
  container?: Element | null;
  /** Under the translation: what the page offers for this word (Save, or a sign-in hint). */
  actions?: ReactNode;
}

/** Document position of the popup: 40 px below the anchor's top, kept inside the page width. */
export function popupPosition(
  rect: PopupAnchor['rect'],
  scroll: { x: number; y: number },
  viewportWidth: number,
): { top: number; left: number } {
  const top = Math.max(rect.top + POPUP_OFFSET_PX, rect.bottom + 4) + scroll.y;
  const width = Math.min(POPUP_WIDTH_PX, viewportWidth - 2 * EDGE_PX);
  const centred = rect.left + rect.width / 2 - width / 2;
  const left = Math.min(Math.max(EDGE_PX, centred), viewportWidth - width - EDGE_PX) + scroll.x;
  return { top, left };
}

/**
 * A word's (or a selection's) translation in a small non-modal dialog below it. A click elsewhere
 * or Escape closes it; opened from the keyboard it takes focus and gives it back to the word.
 */
export function TranslationPopup({
  request,
  settings,
  anchor,
  onClose,
  ignoreOutside,
  container,
  actions,
}: TranslationPopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [position] = useState(() =>
    popupPosition(
      anchor.rect,
      { x: window.scrollX, y: window.scrollY },
      document.documentElement.clientWidth || window.innerWidth,
    ),
  );
  const onCloseRef = useRef(onClose);
  const ignoreRef = useRef(ignoreOutside);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    ignoreRef.current = ignoreOutside;
  });

  useEffect(() => {
    if (anchor.takeFocus) ref.current?.focus({ preventScroll: true });
  }, [anchor]);

  useEffect(() => {
    const close = (restoreFocus: boolean) => {
      onCloseRef.current();
      if (restoreFocus && anchor.returnFocusTo?.isConnected) {
        anchor.returnFocusTo.focus({ preventScroll: true });
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (ref.current?.contains(target)) return;
      if (ignoreRef.current?.(target)) return;
      close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      const focusInside =
        ref.current?.contains(document.activeElement) ||
        document.activeElement === anchor.returnFocusTo;
      close(Boolean(focusInside));
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [anchor]);

  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-translation-popup=""
      style={{ top: position.top, left: position.left, width: POPUP_WIDTH_PX }}
      className="absolute z-50 max-w-[calc(100vw-1rem)] rounded-2xl border border-line bg-surface p-4 text-base text-ink shadow-xl shadow-ink/10 focus:outline-none focus-visible:outline-2 focus-visible:outline-focus"
    >
      <div className="flex items-start justify-between gap-3">
        <p id={titleId} lang="es" className="font-serif text-lg font-semibold break-words">
          {request.text}
        </p>
        <button
          type="button"
          onClick={() => {
            onClose();
            if (anchor.returnFocusTo?.isConnected) {
              anchor.returnFocusTo.focus({ preventScroll: true });
            }
          }}
          aria-label="Close translation"
          className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="mt-2" aria-live="polite">
        <TranslationResult request={request} settings={settings} />
      </div>
      {actions ? <div className="mt-3 border-t border-line pt-3">{actions}</div> : null}
    </div>,
    container ?? document.body,
  );
}
