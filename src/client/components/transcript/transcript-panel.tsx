import { useCallback, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import type { TranscriptSegment } from '#shared/transcript';
import type { TranslationRequest, TranslationSettings } from '#client/lib/api/translate';
import type { ActiveSegmentStore } from './active-segment-store';
import { LineTranslations } from './line-translations';
import { SelectionButton } from './selection-button';
import { collectElements, type TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';
import { TranscriptView, type LineActionsConfig } from './transcript-view';
import { TranslationPopup, type PopupAnchor } from './translation-popup';
import { wordRequest } from './translation-requests';
import { useAutoScroll } from './use-auto-scroll';
import { useHighlightLoop } from './use-highlight-loop';
import { useLineTranslations } from './use-line-translations';
import { useNewWordMarks } from './use-new-word-marks';
import { useSavedLineMarks } from './use-saved-line-marks';
import { useTranscriptSaveActions } from './transcript-save-context';
import { useSelectionOffer } from './use-selection-offer';
import { useWordInteraction } from './use-word-interaction';

export interface TranscriptPanelProps {
  index: TranscriptIndex;
  /** Player: the clock to follow and the element clicks seek. Absent in the reader. */
  audio?: HTMLAudioElement | null;
  chapterId?: string;
  translation: TranslationSettings;
  textSize: number;
  showTranslations: boolean;
  markNewWords: boolean;
  newWordIds?: readonly string[] | null;
  lineActions: LineActionsConfig;
  label: string;
  onBookmarkLine?: (segment: TranscriptSegment, segmentIndex: number) => void;
  /** Client-side navigation for the reader's "Listen from here" links. */
  onNavigate?: (href: string) => void;
  segmentStore?: ActiveSegmentStore;
  /** The reading area, so popups take its palette. */
  popupContainer?: Element | null;
}

interface PopupState {
  request: TranslationRequest;
  anchor: PopupAnchor;
}

const isWord = (target: Element) => target.closest('[data-w]') !== null;

/**
 * The interactive transcript: the static view, and over it the hooks that follow the audio
 * (highlight, auto-scroll), answer the learner (clicks and keys on words and lines, selections)
 * and show translations (the word popup, the lines opened under themselves).
 */
export function TranscriptPanel({
  index,
  audio = null,
  chapterId,
  translation,
  textSize,
  showTranslations,
  markNewWords,
  newWordIds,
  lineActions: givenLineActions,
  label,
  onBookmarkLine,
  onNavigate,
  segmentStore,
  popupContainer,
}: TranscriptPanelProps) {
  // Saving lines and words is offered by the page around (the player), through context.
  const saveActions = useTranscriptSaveActions();
  const onSaveLine = saveActions?.onSaveLine;
  const canSaveLines = onSaveLine !== undefined && chapterId !== undefined;
  const lineActions = useMemo(
    () => (canSaveLines ? { ...givenLineActions, save: true } : givenLineActions),
    [givenLineActions, canSaveLines],
  );
  const [root, setRoot] = useState<HTMLOListElement | null>(null);
  const [elements, setElements] = useState<TranscriptElements | null>(null);
  const [popup, setPopup] = useState<PopupState | null>(null);
  const closePopup = useCallback(() => setPopup(null), []);

  const { openLines, toggleLine, closeLine, closeAll } = useLineTranslations({
    index,
    elements,
    chapterId,
  });
  const { offer, clearOffer } = useSelectionOffer({
    root,
    elements,
    index,
    chapterId,
    mode: translation.mode,
    onOffer: closePopup,
  });

  // The view rewrites its content when the transcript or the line buttons change.
  useLayoutEffect(() => {
    setElements(root ? collectElements(root) : null);
    closePopup();
    closeAll();
    clearOffer();
  }, [root, index, lineActions, closePopup, closeAll, clearOffer]);

  const followSegment = useAutoScroll(audio, elements);
  const sync = useHighlightLoop({
    audio,
    root,
    elements,
    index,
    segmentStore,
    onSegmentChange: followSegment,
  });
  useNewWordMarks(elements, index, newWordIds);
  useSavedLineMarks(elements, index, canSaveLines ? saveActions?.savedLineIds : undefined);

  const openWordPopup = useCallback(
    (w: number, element: HTMLElement, viaKeyboard: boolean) => {
      clearOffer();
      setPopup({
        request: wordRequest(index, w, chapterId),
        anchor: {
          rect: element.getBoundingClientRect(),
          returnFocusTo: element,
          takeFocus: viaKeyboard,
        },
      });
    },
    [index, chapterId, clearOffer],
  );
  useWordInteraction({
    root,
    elements,
    index,
    audio,
    sync,
    onWord: openWordPopup,
    onToggleLine: toggleLine,
    onBookmarkLine,
    onSaveLine,
    onNavigate,
  });

  const translateSelection = useCallback(() => {
    if (!offer) return;
    setPopup({ request: offer.request, anchor: { rect: offer.rect, takeFocus: true } });
    clearOffer();
  }, [offer, clearOffer]);

  const wrapperStyle = { '--tr-size': `${textSize}px` } as CSSProperties;
  return (
    <div
      style={wrapperStyle}
      data-show-translations={showTranslations ? '' : undefined}
      data-mark-new={markNewWords ? '' : undefined}
      data-seekable={audio ? '' : undefined}
    >
      <TranscriptView index={index} lineActions={lineActions} label={label} rootRef={setRoot} />
      {elements ? (
        <LineTranslations
          lines={openLines}
          slots={elements.slots}
          settings={translation}
          onClose={closeLine}
        />
      ) : null}
      {offer
        ? createPortal(
            <SelectionButton offer={offer} onTranslate={translateSelection} />,
            popupContainer ?? document.body,
          )
        : null}
      {popup ? (
        <TranslationPopup
          key={`${popup.request.wordId ?? ''}|${popup.request.text}|${popup.anchor.rect.top}`}
          request={popup.request}
          settings={translation}
          anchor={popup.anchor}
          onClose={closePopup}
          ignoreOutside={isWord}
          container={popupContainer}
          actions={
            chapterId && popup.request.wordId
              ? saveActions?.renderWordActions?.(popup.request)
              : undefined
          }
        />
      ) : null}
    </div>
  );
}
