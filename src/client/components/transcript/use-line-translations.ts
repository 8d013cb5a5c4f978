import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { TranslationRequest } from '#client/lib/api/translate';
import type { OpenLine } from './line-translations';
import type { TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';
import { lineRequest } from './translation-requests';

const TRANSLATE_LINE = '[data-action="translate-line"]';

/**
 * The lines whose translation the learner opened with their button, in opening order. The
 * button's `aria-expanded` follows at once (it is in the transcript's own markup, not React's).
 */
export function useLineTranslations({
  index,
  elements,
  chapterId,
}: {
  index: TranscriptIndex;
  elements: TranscriptElements | null;
  chapterId: string | undefined;
}) {
  const [openLines, setOpenLines] = useState<OpenLine[]>([]);
  const openLinesRef = useRef(openLines);
  useLayoutEffect(() => {
    openLinesRef.current = openLines;
  }, [openLines]);

  const toggleLine = useCallback(
    (s: number, button: Element | null) => {
      const open = openLinesRef.current.some((line) => line.segmentIndex === s);
      button?.setAttribute('aria-expanded', open ? 'false' : 'true');
      const request: TranslationRequest = lineRequest(index, s, chapterId);
      setOpenLines((lines) =>
        open
          ? lines.filter((line) => line.segmentIndex !== s)
          : [...lines.filter((line) => line.segmentIndex !== s), { segmentIndex: s, request }],
      );
    },
    [index, chapterId],
  );

  const closeLine = useCallback(
    (s: number) => {
      elements?.segments[s]?.querySelector(TRANSLATE_LINE)?.setAttribute('aria-expanded', 'false');
      setOpenLines((lines) => lines.filter((line) => line.segmentIndex !== s));
    },
    [elements],
  );

  /** A new transcript (or new line buttons) starts with every line closed. */
  const closeAll = useCallback(() => setOpenLines([]), []);

  return { openLines, toggleLine, closeLine, closeAll };
}
