/** Minimal typings for the parts of `@echogarden/espeak-ng-emscripten` (ships no types) we use. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type:
      | 'sentence'
      | 'word'
      | 'phoneme'
      | 'end'
      | 'mark'
      | 'play'
      | 'msg_terminated'
      | 'list_terminated'
      | 'samplerate';
    /** 1-based character position of the event in the input text. */
    text_position: number;
    word_length: number;
    /** Milliseconds from the start of this synthesis call's audio. */
    audio_position: number;
    /** Phoneme (IPA) for phoneme events, word number for word events. */
    id?: string | number;
  }

  export interface ESpeakNGWorker {
    set_voice(name: string): void;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    get_samplerate(): number;
    /** Calls back with 16-bit mono PCM chunks and the events inside each; return true to abort. */
    synthesize(
      text: string,
      callback: (samples: Int16Array, events: EspeakEvent[]) => boolean,
    ): void;
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  const createModule: () => Promise<ESpeakNGModule>;
  export default createModule;
}
