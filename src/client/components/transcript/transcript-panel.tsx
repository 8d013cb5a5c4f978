import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { createPortal } from 'react-dom';
import { Languages } from 'lucide-react';
import type { TranscriptSegment } from '#shared/transcript';
import { playAudio, seekTo } from '#client/components/audio/audio-actions';
import type { TranslationRequest, TranslationSettings } from '#client/lib/api/translate';
import type { ActiveSegmentStore } from './active-segment-store';
import { benchmarkEnabled, type PlayerBenchmarkHandle } from './benchmark-hook';
import { HighlightLoop, Highlighter, type HighlightChange } from './highlighter';
import { LineTranslations, type OpenLine } from './line-translations';
import type { TranscriptIndex } from './transcript-index';
import { TranscriptView, type LineActionsConfig } from './transcript-view';
import { TranslationPopup, type PopupAnchor } from './translation-popup';

/** The learner scrolled less than this long ago: the transcript does not scroll by itself. */
export const USER_SCROLL_GRACE_MS = 4_000;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

interface TranscriptElements {
  words: HTMLElement[];
  segments: HTMLElement[];
  slots: HTMLElement[];
}

function collectElements(root: HTMLElement): TranscriptElements {
  return {
    words: Array.from(root.querySelectorAll<HTMLElement>('[data-w]')),
    segments: Array.from(root.querySelectorAll<HTMLElement>('li[data-s]')),
    slots: Array.from(root.querySelectorAll<HTMLElement>('[data-slot]')),
  };
}

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

interface SelectionOffer {
  request: TranslationRequest;
  rect: DOMRect;
}

const isWord = (target: Element) => target.closest('[data-w]') !== null;

/**
 * The interactive transcript: the static view plus one delegated click and key handler, the
 * highlight that follows the audio on every animation frame, the translation popup, per-line
 * translations, selection translation and auto-scroll.
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
  lineActions,
  label,
  onBookmarkLine,
  onNavigate,
  segmentStore,
  popupContainer,
}: TranscriptPanelProps) {
  const [root, setRoot] = useState<HTMLOListElement | null>(null);
  const [elements, setElements] = useState<TranscriptElements | null>(null);
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [openLines, setOpenLines] = useState<OpenLine[]>([]);
  const [offer, setOffer] = useState<SelectionOffer | null>(null);
  const loopRef = useRef<HighlightLoop | null>(null);
  const lastUserScrollRef = useRef(Number.NEGATIVE_INFINITY);

  // The view rewrites its content when the transcript or the line buttons change.
  useLayoutEffect(() => {
    setElements(root ? collectElements(root) : null);
    setPopup(null);
    setOpenLines([]);
    setOffer(null);
  }, [root, index, lineActions]);

  // Requests for a word, a line, a selection: the transcript's own English travels along.
  const wordRequest = useCallback(
    (w: number): TranslationRequest => {
      const word = index.words[w]!;
      const segment = index.segments[index.wordSegment[w]!]!;
      return {
        text: word.text,
        chapterId,
        segmentId: segment.id,
        wordId: word.id,
        local: word.gloss,
      };
    },
    [index, chapterId],
  );
  const lineRequest = useCallback(
    (s: number): TranslationRequest => {
      const segment = index.segments[s]!;
      return { text: segment.text, chapterId, segmentId: segment.id, local: segment.translation };
    },
    [index, chapterId],
  );

  // Highlight: the audio clock on every animation frame, attributes toggled on changed elements.
  // The benchmark's handle: one object per audio element and list, updated in place.
  const benchRef = useRef<PlayerBenchmarkHandle | null>(null);
  useLayoutEffect(() => {
    if (!audio || !root || !benchmarkEnabled()) return;
    const bench: PlayerBenchmarkHandle = {
      audio,
      transcriptRoot: root,
      lastHighlightAt: 0,
      lastHighlightAudioTime: 0,
      activeWordIndex: -1,
      activeSegmentIndex: -1,
    };
    benchRef.current = bench;
    window.__relatosPlayer = bench;
    return () => {
      benchRef.current = null;
      if (window.__relatosPlayer === bench) delete window.__relatosPlayer;
    };
  }, [audio, root]);

  const onHighlight = useRef<(change: HighlightChange) => void>(() => undefined);
  useLayoutEffect(() => {
    onHighlight.current = (change) => {
      const bench = benchRef.current;
      if (bench) {
        bench.lastHighlightAt = performance.now();
        bench.lastHighlightAudioTime = change.time;
        bench.activeSegmentIndex = change.segmentIndex;
        bench.activeWordIndex = change.wordIndex;
      }
      segmentStore?.set(change.segmentIndex);
      if (change.segmentChanged && audio && !audio.paused && elements) {
        scrollIntoViewIfNeeded(elements.segments[change.segmentIndex], lastUserScrollRef.current);
      }
    };
  }, [audio, elements, segmentStore]);

  useEffect(() => {
    if (!audio || !elements) return;
    const highlighter = new Highlighter(index, elements, (change) => onHighlight.current(change));
    const loop = new HighlightLoop(audio, highlighter);
    loopRef.current = loop;
    loop.sync();
    if (!audio.paused) loop.start();
    const onPlay = () => loop.start();
    const onSync = () => loop.sync();
    const syncEvents = ['pause', 'seeking', 'seeked', 'loadedmetadata', 'emptied', 'ended'];
    audio.addEventListener('play', onPlay);
    audio.addEventListener('playing', onPlay);
    for (const type of syncEvents) audio.addEventListener(type, onSync);
    return () => {
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('playing', onPlay);
      for (const type of syncEvents) audio.removeEventListener(type, onSync);
      loop.stop();
      highlighter.clear();
      loopRef.current = null;
      segmentStore?.set(-1);
    };
  }, [audio, elements, index, segmentStore]);

  // The learner scrolling by hand pauses auto-scroll for a few seconds.
  useEffect(() => {
    if (!audio) return;
    const mark = () => {
      lastUserScrollRef.current = performance.now();
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) mark();
    };
    const onPointerDown = (event: PointerEvent) => {
      // A press on the page's scrollbar targets the root element.
      if (event.target === document.documentElement) mark();
    };
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointerDown);
    };
  }, [audio]);

  // New words: a data attribute per word, set once the vocabulary arrives.
  useEffect(() => {
    if (!elements) return;
    const ids = new Set(newWordIds ?? []);
    for (let w = 0; w < elements.words.length; w += 1) {
      const element = elements.words[w]!;
      if (ids.has(index.words[w]?.id ?? '')) element.setAttribute('data-new', '');
      else if (element.hasAttribute('data-new')) element.removeAttribute('data-new');
    }
  }, [elements, newWordIds, index]);

  const moveTabStop = useCallback(
    (target: HTMLElement) => {
      if (!root) return;
      for (const previous of root.querySelectorAll<HTMLElement>('[data-w][tabindex="0"]')) {
        if (previous !== target) previous.removeAttribute('tabindex');
      }
      target.tabIndex = 0;
    },
    [root],
  );

  const activateWord = useCallback(
    (w: number, element: HTMLElement, viaKeyboard: boolean) => {
      const word = index.words[w];
      if (!word) return;
      if (audio) {
        seekTo(audio, word.start);
        playAudio(audio);
        loopRef.current?.sync();
      }
      moveTabStop(element);
      setOffer(null);
      setPopup({
        request: wordRequest(w),
        anchor: {
          rect: element.getBoundingClientRect(),
          returnFocusTo: element,
          takeFocus: viaKeyboard,
        },
      });
    },
    [audio, index, moveTabStop, wordRequest],
  );

  const openLinesRef = useRef(openLines);
  useLayoutEffect(() => {
    openLinesRef.current = openLines;
  }, [openLines]);

  const toggleLine = useCallback(
    (s: number, button: Element | null) => {
      const open = openLinesRef.current.some((line) => line.segmentIndex === s);
      button?.setAttribute('aria-expanded', open ? 'false' : 'true');
      setOpenLines((lines) =>
        open
          ? lines.filter((line) => line.segmentIndex !== s)
          : [
              ...lines.filter((line) => line.segmentIndex !== s),
              { segmentIndex: s, request: lineRequest(s) },
            ],
      );
    },
    [lineRequest],
  );

  const closeLine = useCallback(
    (s: number) => {
      elements?.segments[s]
        ?.querySelector('[data-action="translate-line"]')
        ?.setAttribute('aria-expanded', 'false');
      setOpenLines((lines) => lines.filter((line) => line.segmentIndex !== s));
    },
    [elements],
  );

  // One delegated click handler and one key handler for the whole transcript.
  useEffect(() => {
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const selection = window.getSelection();
      if (selection && !selection.isCollapsed && root.contains(selection.anchorNode)) return;
      const segmentElement = target.closest<HTMLElement>('[data-s]');
      const s = segmentElement ? Number(segmentElement.dataset.s) : -1;
      const action = target.closest<HTMLElement>('[data-action]');
      if (action) {
        const kind = action.dataset.action;
        if (kind === 'translate-line') toggleLine(s, action);
        else if (kind === 'bookmark-line') onBookmarkLine?.(index.segments[s]!, s);
        else if (kind === 'listen-line' && onNavigate) {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onNavigate(action.getAttribute('href') ?? '/');
        }
        return;
      }
      if (target.closest('.tr-slot, button, a')) return;
      const wordElement = target.closest<HTMLElement>('[data-w]');
      if (wordElement) {
        activateWord(Number(wordElement.dataset.w), wordElement, false);
        return;
      }
      if (audio && s >= 0) {
        seekTo(audio, index.segments[s]!.start);
        loopRef.current?.sync();
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || event.ctrlKey || event.metaKey || event.altKey)
        return;
      const wordElement = target.closest<HTMLElement>('[data-w]');
      if (!wordElement || !elements) return;
      const w = Number(wordElement.dataset.w);
      const s = index.wordSegment[w]!;
      let next: number;
      switch (event.key) {
        case 'Enter':
        case ' ':
          event.preventDefault();
          event.stopPropagation();
          activateWord(w, wordElement, true);
          return;
        case 'ArrowRight':
          next = w + 1;
          break;
        case 'ArrowLeft':
          next = w - 1;
          break;
        case 'ArrowDown':
          next = firstWordAfterSegment(index, s);
          break;
        case 'ArrowUp':
          next = firstWordBeforeSegment(index, s, w);
          break;
        case 'Home':
          next = 0;
          break;
        case 'End':
          next = index.wordCount - 1;
          break;
        default:
          return;
      }
      event.preventDefault();
      event.stopPropagation();
      const nextElement = elements.words[Math.min(Math.max(next, 0), index.wordCount - 1)];
      if (!nextElement) return;
      moveTabStop(nextElement);
      nextElement.focus();
    };

    const onMouseUp = () => {
      if (typeof matchMedia === 'function' && !matchMedia('(pointer: fine)').matches) return;
      // After the browser has settled the selection.
      setTimeout(() => {
        const offered = selectionOffer(root, index, chapterId, translation.mode, elements);
        if (offered) {
          setPopup(null);
          setOffer(offered);
        }
      }, 0);
    };

    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('mouseup', onMouseUp);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('mouseup', onMouseUp);
    };
  }, [
    root,
    elements,
    index,
    audio,
    chapterId,
    translation.mode,
    activateWord,
    toggleLine,
    moveTabStop,
    onBookmarkLine,
    onNavigate,
  ]);

  // The selection offer goes away with the selection.
  useEffect(() => {
    if (!offer) return;
    const onSelectionChange = () => {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed) setOffer(null);
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [offer]);

  const closePopup = useCallback(() => setPopup(null), []);

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
            <SelectionButton
              offer={offer}
              onTranslate={() => {
                setPopup({
                  request: offer.request,
                  anchor: { rect: offer.rect, takeFocus: true },
                });
                setOffer(null);
              }}
            />,
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
        />
      ) : null}
    </div>
  );
}

function SelectionButton({
  offer,
  onTranslate,
}: {
  offer: SelectionOffer;
  onTranslate: () => void;
}) {
  const top = offer.rect.bottom + window.scrollY + 8;
  const left = Math.max(8, offer.rect.left + window.scrollX);
  return (
    <button
      type="button"
      style={{ top, left }}
      // Keep the selection: pressing the button must not collapse it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onTranslate}
      className="absolute z-50 inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg shadow-lg hover:bg-accent-hover"
    >
      <Languages aria-hidden="true" className="size-4" />
      Translate selection
    </button>
  );
}

function firstWordAfterSegment(index: TranscriptIndex, s: number): number {
  for (let next = s + 1; next < index.segments.length; next += 1) {
    if (index.segments[next]!.words.length > 0) return index.segmentFirstWord[next]!;
  }
  return index.wordCount - 1;
}

function firstWordBeforeSegment(index: TranscriptIndex, s: number, w: number): number {
  if (w > index.segmentFirstWord[s]!) return index.segmentFirstWord[s]!;
  for (let previous = s - 1; previous >= 0; previous -= 1) {
    if (index.segments[previous]!.words.length > 0) return index.segmentFirstWord[previous]!;
  }
  return 0;
}

/** The selected text inside the transcript as a translation request, or null. */
function selectionOffer(
  root: HTMLElement,
  index: TranscriptIndex,
  chapterId: string | undefined,
  mode: TranslationSettings['mode'],
  elements: TranscriptElements | null,
): SelectionOffer | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !elements) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;

  const covered: number[] = [];
  for (let w = 0; w < elements.words.length; w += 1) {
    if (range.intersectsNode(elements.words[w]!)) covered.push(w);
  }
  if (covered.length === 0) return null;
  // Whole words only: a selection that cuts a word is widened to it (and shown so).
  const whole = document.createRange();
  whole.setStartBefore(elements.words[covered[0]!]!);
  whole.setEndAfter(elements.words[covered.at(-1)!]!);
  if (
    range.compareBoundaryPoints(Range.START_TO_START, whole) !== 0 ||
    range.compareBoundaryPoints(Range.END_TO_END, whole) !== 0
  ) {
    selection.removeAllRanges();
    selection.addRange(whole);
  }
  const text = whole.toString().replace(/\s+/g, ' ').trim();
  if (text.length < 2 || text.length > 5_000) return null;
  const segmentIndexes = new Set(covered.map((w) => index.wordSegment[w]!));
  let request: TranslationRequest = { text, chapterId };
  if (segmentIndexes.size === 1) {
    const s = index.wordSegment[covered[0]!]!;
    const segment = index.segments[s]!;
    if (covered.length === segment.words.length) {
      request = {
        text: segment.text,
        chapterId,
        segmentId: segment.id,
        local: segment.translation,
      };
    }
  }
  if (request.local === undefined && mode === 'local') {
    const glosses = covered.map((w) => index.words[w]!.gloss);
    if (glosses.every(Boolean)) request = { ...request, local: glosses.join(' · ') };
  }
  return { request, rect: whole.getBoundingClientRect() };
}

/** Brings the active line into view, unless it already is or the learner is scrolling. */
function scrollIntoViewIfNeeded(element: HTMLElement | undefined, lastUserScroll: number) {
  if (!element || performance.now() - lastUserScroll < USER_SCROLL_GRACE_MS) return;
  const rect = element.getBoundingClientRect();
  const viewport = window.innerHeight || document.documentElement.clientHeight;
  // Room for the sticky bars at the top and the player at the bottom.
  if (rect.top >= 150 && rect.bottom <= viewport - 170) return;
  const reduce =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
}
