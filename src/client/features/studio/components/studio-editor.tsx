import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { StudioChapter } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { UnsavedChangesDialog } from '#client/components/ui/unsaved-changes-dialog';
import { useLeaveGuard } from '#client/lib/use-leave-guard';
import { studioChapterQueryOptions } from '../api/get-studio-chapter';
import { useWaveform } from '../api/get-waveform';
import { usePrefillTranslations } from '../api/prefill-translations';
import { useRealignSegment } from '../api/realign-segment';
import { useRestoreVersion } from '../api/restore-version';
import { useSaveTranscript } from '../api/save-transcript';
import { useAlignment } from '../hooks/use-alignment';
import { useSpanPlayer } from '../hooks/use-span-player';
import { useTapAlong } from '../hooks/use-tap-along';
import { useTranscriptEditor } from '../hooks/use-transcript-editor';
import { acceptDoubtAt, clearWordDoubt, doubtfulPlaces, nextDoubtful } from '../rules/doubtful';
import { formatConfidence, timingDoubtReason } from '../rules/labels';
import { describeRefusal } from '../rules/refusal';
import { reviewCounts, summaryOf } from '../rules/review-queue';
import {
  applyRealignedSegment,
  approveAllGlosses,
  approveGloss,
  approveTranslation,
  mergePrefill,
  setGloss,
  setTranslation,
} from '../rules/transcript-edits';
import { prefillSummary } from '#shared/studio/prefill-summary';
import { nudgeWordStart, setWordStart, wordAt, type WordRef } from '../rules/word-timing';
import { AlignPanel } from './align-panel';
import { KeyboardHelp } from './keyboard-help';
import { QuestionsSection } from './questions/questions-section';
import { ReviewMode } from './review/review-mode';
import { SaveBar } from './save-bar';
import { SaveProblems } from './save-problems';
import { SentenceCard, timingPanelId, type SentenceActions } from './sentence-card';
import { StudioHeader } from './studio-header';
import { StudioModeSwitch, type StudioMode } from './studio-mode-switch';
import { TimingPanel, type TimingActions } from './timing-panel';
import { VersionsPanel } from './versions-panel';

const noTranscript: Transcript = { segments: [] };

/** A time a person set: when it moved, the aligner's doubt about that word no longer applies. */
const byPerson = (before: Transcript, after: Transcript, ref: WordRef) =>
  after === before ? before : clearWordDoubt(after, ref);

export interface StudioEditorProps {
  chapterId: string;
  chapter: StudioChapter;
}

/** The transcript studio of one chapter, composed: the state lives here, the parts draw it. */
export function StudioEditor({ chapterId, chapter }: StudioEditorProps) {
  const queryClient = useQueryClient();
  const editor = useTranscriptEditor(chapter);
  const { transcript, dirty, version, edit } = editor;
  const duration = chapter.audio?.durationSeconds ?? null;
  const audioRef = useRef<HTMLAudioElement>(null);
  const player = useSpanPlayer(audioRef);
  const alignment = useAlignment(chapterId, version);
  const waveform = useWaveform(chapterId, chapter.audio?.url ?? null);
  const save = useSaveTranscript(chapterId, editor.saved);
  const restore = useRestoreVersion(chapterId, editor.load);
  const prefill = usePrefillTranslations(chapterId);
  const realign = useRealignSegment(chapterId);
  const [questionsDirty, setQuestionsDirty] = useState(false);
  const leave = useLeaveGuard(dirty || questionsDirty);

  const [openSentence, setOpenSentence] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<{
    segment: number;
    word: number;
    id: number;
  } | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  /** What the translation services could not do in the last prefill ("Apertium failed: …"). */
  const [prefillFailures, setPrefillFailures] = useState<string[]>([]);
  const [refits, setRefits] = useState(0);
  const segments = transcript?.segments ?? noTranscript.segments;
  const open = openSentence !== null && openSentence < segments.length ? openSentence : null;

  // Review mode or the full editor (decision 047), in the address so a reload keeps it; switching
  // replaces the entry, so it is not a page to leave (the leave guard stays quiet).
  const [params, setParams] = useSearchParams();
  const mode: StudioMode = params.get('mode') === 'review' && transcript ? 'review' : 'editor';
  const setMode = useCallback(
    (next: StudioMode) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'review') updated.set('mode', 'review');
          else updated.delete('mode');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const summary = useMemo(() => (transcript ? summaryOf(transcript) : null), [transcript]);
  // A question names a line of the saved transcript (the server checks it against that one).
  const savedLines = chapter.transcript?.segments;
  const questionLines = useMemo(
    () => (savedLines ?? []).map((segment) => ({ id: segment.id, text: segment.text })),
    [savedLines],
  );
  // Only the editor shows it (Next doubtful): a review counts its own.
  const doubtfulCount = useMemo(
    () => (transcript && mode === 'editor' ? doubtfulPlaces(transcript).length : 0),
    [transcript, mode],
  );
  const waiting = useMemo(
    () => (transcript ? reviewCounts(transcript).sentences : 0),
    [transcript],
  );

  const onAwait = useCallback((ref: WordRef) => setOpenSentence(ref.segment), []);
  const tap = useTapAlong({
    audioRef,
    player,
    transcript: transcript ?? noTranscript,
    durationSeconds: duration ?? 0,
    edit,
    onAwait,
  });

  // The cards' actions stay the same functions (the cards are memoised); what they read changes.
  const live = useRef({ segments, toggle: player.toggle });
  useLayoutEffect(() => {
    live.current = { segments, toggle: player.toggle };
  });
  const sentenceActions = useMemo<SentenceActions>(
    () => ({
      setTranslation: (index, text) => edit((value) => setTranslation(value, index, text)),
      approveTranslation: (index) => edit((value) => approveTranslation(value, index)),
      approveAllGlosses: (index) => edit((value) => approveAllGlosses(value, index)),
      toggleOpen: (index) => setOpenSentence((current) => (current === index ? null : index)),
      playSentence: (index) => {
        const segment = live.current.segments[index];
        if (segment) {
          live.current.toggle({ key: `s:${segment.id}`, start: segment.start, end: segment.end });
        }
      },
    }),
    [edit],
  );

  const timingActions: TimingActions = {
    nudge: (ref, delta) =>
      edit((value) => byPerson(value, nudgeWordStart(value, ref, delta, duration ?? 0), ref)),
    move: (ref, seconds) =>
      edit((value) => byPerson(value, setWordStart(value, ref, seconds, duration ?? 0), ref)),
    setGloss: (ref, gloss) => edit((value) => setGloss(value, ref.segment, ref.word, gloss)),
    approveGloss: (ref) => edit((value) => approveGloss(value, ref.segment, ref.word)),
    acceptTiming,
    playWord: (ref) => {
      const segment = segments[ref.segment];
      const word = transcript ? wordAt(transcript, ref) : undefined;
      if (segment && word) {
        player.toggle({ key: `w:${segment.id}:${word.id}`, start: word.start, end: word.end });
      }
    },
    playFrom: (seconds, until) => player.play({ key: 'from', start: seconds, end: until }),
    startTapAlong: tap.start,
    stopTapAlong: tap.stop,
    realign: (index) => {
      const segment = segments[index];
      if (!transcript || !segment) return;
      realign.mutate(
        { transcript, segmentId: segment.id },
        {
          onSuccess: (data) => {
            edit((value) => applyRealignedSegment(value, data.segment));
            setRefits((count) => count + 1);
            setAnnouncement(`Sentence ${index + 1} re-aligned.`);
          },
        },
      );
    },
  };

  /**
   * Sends the administrator to the least confident place not visited yet (of `from`: the
   * transcript as an accept just left it), saying where, how confident and why, after `done`.
   */
  function goToNextDoubtful(from: Transcript | null = transcript, done = '') {
    if (!from) return;
    const say = (text: string) => setAnnouncement(done ? `${done} ${text}` : text);
    const next = nextDoubtful(from, visited);
    if (!next) {
      say('No doubtful places left.');
      return;
    }
    const { place } = next;
    setVisited((previous) => new Set(next.restarted ? [] : previous).add(place.key));
    setOpenSentence(place.segment);
    setFocusRequest((previous) => ({
      segment: place.segment,
      word: place.kind === 'word' ? place.word : 0,
      id: (previous?.id ?? 0) + 1,
    }));
    const number = place.segment + 1;
    const confidence = formatConfidence(place.confidence);
    const word = place.kind === 'word' ? from.segments[place.segment]!.words[place.word]! : null;
    say(
      word
        ? `Doubtful word “${word.text}” in sentence ${number}, confidence ${confidence}: ${timingDoubtReason(word.timingDoubt)}.`
        : `Doubtful sentence ${number}, confidence ${confidence}.`,
    );
  }

  /**
   * A doubtful timing that is right, accepted (its confidence and reason dropped, an unsaved edit):
   * the word's when it is doubtful, else its sentence's. The T key then goes on to the next
   * doubtful place; the buttons stay.
   */
  function acceptTiming(segmentIndex: number, word: number | null, then: 'stay' | 'next') {
    if (!transcript) return;
    const { transcript: after, accepted } = acceptDoubtAt(transcript, segmentIndex, word);
    if (!accepted) {
      setAnnouncement('Nothing doubtful to accept here.');
      return;
    }
    edit((value) => acceptDoubtAt(value, segmentIndex, word).transcript);
    const done =
      accepted.kind === 'word'
        ? `Timing of “${segments[segmentIndex]!.words[accepted.word]!.text}” accepted.`
        : `Timing of sentence ${segmentIndex + 1} accepted.`;
    if (then === 'next') goToNextDoubtful(after, done);
    else setAnnouncement(done);
  }

  function onSave() {
    if (!transcript || !dirty) return;
    save.mutate(
      { transcript, baseVersion: version },
      { onSuccess: (saved) => setAnnouncement(`Saved as version ${saved.version}.`) },
    );
  }

  function onPrefill() {
    if (!transcript) return;
    setPrefillFailures([]);
    prefill.mutate(transcript, {
      onSuccess: (data) => {
        edit((value) => mergePrefill(value, data.transcript));
        const { status, failures } = prefillSummary(data.report);
        setAnnouncement(status);
        setPrefillFailures(failures);
      },
    });
  }

  async function reloadLatest() {
    const fresh = await queryClient.fetchQuery(studioChapterQueryOptions(chapterId));
    editor.load(fresh);
    save.reset();
  }

  const refusalOf = (error: unknown) => (error ? describeRefusal(error, transcript) : null);

  /** From review mode: the full editor, at the timing panel of this sentence (and word). */
  const fixTiming = useCallback(
    (segment: number, word: number | null) => {
      setMode('editor');
      setOpenSentence(segment);
      setFocusRequest((previous) => ({ segment, word: word ?? 0, id: (previous?.id ?? 0) + 1 }));
    },
    [setMode],
  );
  const toEditor = useCallback(() => setMode('editor'), [setMode]);

  return (
    <div className="space-y-6">
      <StudioHeader
        chapterId={chapterId}
        chapter={chapter.chapter}
        audio={chapter.audio}
        version={version}
        summary={summary}
        warnings={chapter.warnings}
      />

      {transcript ? <StudioModeSwitch mode={mode} onChange={setMode} waiting={waiting} /> : null}

      {transcript && mode === 'editor' ? (
        <SaveBar
          dirty={dirty}
          version={version}
          saving={save.isPending}
          onSave={onSave}
          doubtfulCount={doubtfulCount}
          onNextDoubtful={() => goToNextDoubtful()}
          prefilling={prefill.isPending}
          onPrefill={onPrefill}
          translationServices={chapter.translationServices}
          announcement={announcement}
        />
      ) : null}

      <SaveProblems
        newerVersion={editor.newerVersion}
        onLoadNewer={() => editor.load(chapter)}
        saveError={save.error}
        saveRefusal={refusalOf(save.error)}
        onReloadLatest={() => void reloadLatest()}
        prefillRefusal={refusalOf(prefill.error)}
        prefillFailures={prefillFailures}
      />

      {transcript && mode === 'review' ? (
        <ReviewMode
          transcript={transcript}
          edit={edit}
          audioRef={audioRef}
          player={player}
          saving={{
            dirty,
            saving: save.isPending,
            blocked: Boolean(save.error) || editor.newerVersion !== null,
            save: onSave,
            version,
          }}
          previewHref={`/player/${encodeURIComponent(chapterId)}?preview=1`}
          onFixTiming={fixTiming}
          onEditor={toEditor}
        />
      ) : null}

      {mode === 'editor' ? (
        <AlignPanel
          alignment={alignment}
          hasAudio={chapter.audio !== null}
          hasTranscript={transcript !== null}
        />
      ) : null}

      {transcript && mode === 'editor' ? (
        // Two columns once the page (not the window) is wide enough beside the admin sidebar.
        <div className="@container">
          <div className="grid items-start gap-6 @4xl:grid-cols-[minmax(0,1fr)_19rem]">
            <section aria-labelledby="studio-sentences" className="min-w-0 space-y-4">
              <h2 id="studio-sentences" className="text-xl font-semibold">
                Sentences <span className="text-ink-muted">({segments.length})</span>
              </h2>
              {segments.map((segment, index) => (
                <SentenceCard
                  key={segment.id}
                  segment={segment}
                  index={index}
                  open={index === open}
                  playing={player.playing?.key === `s:${segment.id}`}
                  actions={sentenceActions}
                >
                  {index === open ? (
                    <TimingPanel
                      key={`${segment.id}:${refits}`}
                      id={timingPanelId(index)}
                      transcript={transcript}
                      segmentIndex={index}
                      durationSeconds={duration}
                      waveform={waveform}
                      actions={timingActions}
                      audioRef={audioRef}
                      playingKey={player.playing?.key ?? null}
                      tapAwaited={tap.awaited}
                      realigning={realign.isPending && realign.variables?.segmentId === segment.id}
                      realignRefusal={
                        realign.variables?.segmentId === segment.id
                          ? refusalOf(realign.error)
                          : null
                      }
                      focusRequest={focusRequest?.segment === index ? focusRequest : null}
                    />
                  ) : null}
                </SentenceCard>
              ))}
            </section>
            <aside
              aria-label="Timing keys and versions"
              className="grid gap-4 @2xl:grid-cols-2 @4xl:sticky @4xl:top-36 @4xl:grid-cols-1"
            >
              <KeyboardHelp />
              <VersionsPanel
                chapterId={chapterId}
                current={chapter.version}
                dirty={dirty}
                restoring={restore.isPending}
                restoreError={refusalOf(restore.error)?.message ?? null}
                onRestore={(restored) => restore.mutateAsync(restored)}
              />
            </aside>
          </div>
        </div>
      ) : null}

      {/* Kept while review mode shows: its unsaved edits stay, and the leave guard knows them. */}
      <div hidden={mode !== 'editor'}>
        <QuestionsSection
          chapterId={chapterId}
          lines={questionLines}
          onDirtyChange={setQuestionsDirty}
        />
      </div>

      {chapter.audio ? <audio ref={audioRef} src={chapter.audio.url} preload="auto" /> : null}

      <UnsavedChangesDialog
        guard={leave}
        description={`Your changes to this chapter’s ${
          dirty && questionsDirty
            ? 'transcript and comprehension questions'
            : dirty
              ? 'transcript'
              : 'comprehension questions'
        } are not saved; they will be lost.`}
      />
    </div>
  );
}
