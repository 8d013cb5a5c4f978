/** The rendered transcript's elements, by word, line and translation slot index. */
export interface TranscriptElements {
  words: HTMLElement[];
  segments: HTMLElement[];
  slots: HTMLElement[];
}

/** Read once each time the view writes its content (see TranscriptView). */
export function collectElements(root: HTMLElement): TranscriptElements {
  return {
    words: Array.from(root.querySelectorAll<HTMLElement>('[data-w]')),
    segments: Array.from(root.querySelectorAll<HTMLElement>('li[data-s]')),
    slots: Array.from(root.querySelectorAll<HTMLElement>('[data-slot]')),
  };
}
