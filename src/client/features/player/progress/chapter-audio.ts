/** What the player's recording hooks listen to: a chapter's audio, and who is listening. */
export interface ChapterAudio {
  audio: HTMLAudioElement | null;
  /** The chapter's audio address: what plays from another source is never this chapter's. */
  src: string | null;
  chapterId: string;
  /** The signed-in learner; null for a visitor (nothing is recorded). */
  userId: string | null;
}
