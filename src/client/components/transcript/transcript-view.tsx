import { memo, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import { machineMarkHtml } from '#client/components/ui/machine-mark';
import type { TranscriptIndex } from './transcript-index';
import './transcript.css';

export interface LineActionsConfig {
  /** A button per line that shows the line's translation under it. */
  translate: boolean;
  /** A button per line that bookmarks it (signed-in learners in the player). */
  bookmark: boolean;
  /** A button per line that saves it to My words (signed-in learners in the player; decision 035). */
  save?: boolean;
  /** The reader's "Listen from here" link of a line. */
  listenHref?: (segment: TranscriptSegment) => string;
}

export interface TranscriptViewProps {
  index: TranscriptIndex;
  lineActions: LineActionsConfig;
  /** Names the list for assistive technology. */
  label: string;
  rootRef?: Ref<HTMLOListElement>;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const SPECIAL = /[&<>"']/;
export const escapeHtml = (text: string) =>
  SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => escapes[char]!) : text;

/**
 * The transcript's markup as one string: one <span> per word (`data-w`, its global index), one
 * <li> per line (`data-s`), an empty slot per line for its opened translation, and the line's
 * buttons. Every text is escaped.
 */
export function transcriptHtml(index: TranscriptIndex, lineActions: LineActionsConfig): string {
  const total = index.segments.length;
  const parts: string[] = [];
  for (let s = 0; s < total; s += 1) {
    const segment = index.segments[s]!;
    parts.push(
      `<li class="tr-seg" data-s="${s}"><div class="tr-body"><p class="tr-line" lang="es">`,
    );
    for (const piece of index.pieces[s]!) {
      if (typeof piece === 'string') {
        parts.push(escapeHtml(piece));
      } else {
        const tab = piece === 0 ? ' tabindex="0"' : '';
        parts.push(`<span data-w="${piece}"${tab}>${escapeHtml(index.words[piece]!.text)}</span>`);
      }
    }
    parts.push('</p>');
    if (segment.translation) {
      // A translation no person has reviewed says so (decision 043).
      const mark = segment.translationSource === 'machine' ? machineMarkHtml : '';
      parts.push(
        `<p class="tr-translation" lang="en">${escapeHtml(segment.translation)}${mark}</p>`,
      );
    }
    parts.push(`<div class="tr-slot" data-slot="${s}"></div></div>`);
    if (
      lineActions.translate ||
      lineActions.bookmark ||
      lineActions.save ||
      lineActions.listenHref
    ) {
      const line = `line ${s + 1} of ${total}`;
      parts.push('<div class="tr-actions">');
      if (lineActions.translate) {
        parts.push(
          `<button type="button" class="tr-act" data-action="translate-line" aria-expanded="false" aria-label="Translate ${line}" title="Translate this line"></button>`,
        );
      }
      if (lineActions.bookmark) {
        parts.push(
          `<button type="button" class="tr-act" data-action="bookmark-line" aria-label="Bookmark ${line}" title="Bookmark this line"></button>`,
        );
      }
      if (lineActions.save) {
        parts.push(
          `<button type="button" class="tr-act" data-action="save-line" aria-pressed="false" aria-label="Save ${line} to My words" title="Save this line"></button>`,
        );
      }
      if (lineActions.listenHref) {
        parts.push(
          `<a class="tr-act" data-action="listen-line" href="${escapeHtml(lineActions.listenHref(segment))}" aria-label="Listen from here (${line})" title="Listen from here"></a>`,
        );
      }
      parts.push('</div>');
    }
    parts.push('</li>');
  }
  return parts.join('');
}

/**
 * The transcript, rendered once per transcript and never on time changes. Its content is written
 * in one go from a string (a long transcript has tens of thousands of nodes: no component, no
 * listener and no React fiber each), as the list's inner HTML: the server render carries the
 * words, and hydration keeps them as they are (decision 037). Clicks, keys and the highlight are
 * handled by the surrounding panel through delegation and direct attribute changes.
 */
export const TranscriptView = memo(function TranscriptView({
  index,
  lineActions,
  label,
  rootRef,
}: TranscriptViewProps) {
  const listRef = useRef<HTMLOListElement | null>(null);
  const empty = index.segments.length === 0;
  // Every text in it is escaped (transcriptHtml). Written in the commit, before the panel's
  // layout effects run, so they find the words in place.
  const markup = useMemo(
    () => ({ __html: transcriptHtml(index, lineActions) }),
    [index, lineActions],
  );

  // Hand the element to the panel once it holds the words.
  useLayoutEffect(() => {
    if (!rootRef) return;
    const element = listRef.current;
    if (typeof rootRef === 'function') {
      const cleanup = rootRef(element);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else rootRef(null);
      };
    }
    rootRef.current = element;
    return () => {
      rootRef.current = null;
    };
  }, [rootRef, index, lineActions]);

  if (empty) return <p className="text-ink-muted">No transcript segments available</p>;
  return (
    <ol ref={listRef} className="tr-root" aria-label={label} dangerouslySetInnerHTML={markup} />
  );
});
