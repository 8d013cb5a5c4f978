import { createContext, useContext, type ReactNode } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import type { TranslationRequest } from '#client/lib/api/translate';

/**
 * What the page around a transcript offers for keeping words and lines (decision 035): the player
 * provides it for saved items; the reader and the demo provide nothing and show no Save button.
 */
export interface TranscriptSaveActions {
  /** A Save button per line calls this (absent: no button, e.g. for visitors). */
  onSaveLine?: (segment: TranscriptSegment) => void;
  /** The lines already saved (by segment id): their button says "Saved". */
  savedLineIds: ReadonlySet<string>;
  /** What the word popup shows under the translation (a Save button, or a sign-in hint). */
  renderWordActions?: (request: TranslationRequest) => ReactNode;
}

export const TranscriptSaveContext = createContext<TranscriptSaveActions | null>(null);

export const useTranscriptSaveActions = () => useContext(TranscriptSaveContext);
