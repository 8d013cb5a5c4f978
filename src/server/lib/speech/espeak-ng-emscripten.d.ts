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

  export interface ESpeakVoice {
    name: string;
    /** e.g. `roa/es`, `roa/es-419`. */
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export interface ESpeakNGWorker {
    /** 0 when the voice was found (`es`, `es-419`, `es+f3`…); an eSpeak error code otherwise. */
    set_voice(name: string): number;
    list_voices(): ESpeakVoice[];
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
    /** Emscripten's in-memory file system holding the voice data. */
    FS: { readdir(path: string): string[] };
  }

  const createModule: () => Promise<ESpeakNGModule>;
  export default createModule;
}
