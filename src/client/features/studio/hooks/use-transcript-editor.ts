import { useCallback, useReducer } from 'react';
import type { StudioChapter } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';

export interface EditorState {
  /** The version the edits start from: a save names it, so a newer save by someone is refused. */
  version: number | null;
  transcript: Transcript | null;
  /** True from the first edit until a save or a load. */
  dirty: boolean;
}

type EditorAction =
  | { type: 'load'; chapter: StudioChapter }
  | { type: 'saved'; chapter: StudioChapter; sent: Transcript }
  | { type: 'edit'; change: (transcript: Transcript) => Transcript };

const fromChapter = (chapter: StudioChapter): EditorState => ({
  version: chapter.version,
  transcript: chapter.transcript,
  dirty: false,
});

function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return fromChapter(action.chapter);
    case 'saved':
      // Edits made while the save was on its way stay, as unsaved changes on the new version.
      return state.transcript === action.sent
        ? fromChapter(action.chapter)
        : { ...state, version: action.chapter.version };
    case 'edit': {
      if (!state.transcript) return state;
      const transcript = action.change(state.transcript);
      return transcript === state.transcript ? state : { ...state, transcript, dirty: true };
    }
  }
}

/**
 * The transcript being edited, kept in this page's state until it is saved. A new version from
 * the server (an alignment finished, the page reopened) replaces it while nothing is unsaved;
 * with unsaved changes the page offers it instead (`newerVersion`).
 */
export function useTranscriptEditor(chapter: StudioChapter) {
  const [state, dispatch] = useReducer(editorReducer, chapter, fromChapter);
  if (chapter.version !== state.version && !state.dirty) {
    // Adjusting state to new data while rendering (React re-renders at once, before painting).
    dispatch({ type: 'load', chapter });
  }

  const edit = useCallback(
    (change: (transcript: Transcript) => Transcript) => dispatch({ type: 'edit', change }),
    [],
  );
  const load = useCallback(
    (loaded: StudioChapter) => dispatch({ type: 'load', chapter: loaded }),
    [],
  );
  const saved = useCallback(
    (savedChapter: StudioChapter, request: { transcript: Transcript }) =>
      dispatch({ type: 'saved', chapter: savedChapter, sent: request.transcript }),
    [],
  );

  return {
    ...state,
    newerVersion: state.dirty && chapter.version !== state.version ? chapter.version : null,
    edit,
    load,
    saved,
  };
}
