import { useCallback } from 'react';
import { formatClock } from '#shared/format';
import {
  LISTEN_FIRST_MODES,
  nextSleepChoice,
  sleepRemainingSeconds,
  type AssistShortcutKey,
} from '#shared/player/listening-assist';
import type { TranscriptIndex } from '#client/components/transcript/transcript-index';
import { useAudioState } from '#client/components/audio/use-audio-state';
import {
  sleepTimerStore,
  useAssistActivity,
  useAssistSettings,
  useSleepTimerState,
} from './assist-store';
import { ListeningAssistPanel } from './listening-assist-panel';
import { useAssistShortcuts } from './use-assist-shortcuts';
import { useLineAssist } from './use-line-assist';
import { useListenFirst } from './use-listen-first';
import { useSleepTimer } from './use-sleep-timer';

export interface ListeningAssistProps {
  audio: HTMLAudioElement | null;
  /** null while the transcript loads. */
  index: TranscriptIndex | null;
  /** The listening screen holding the transcript (listen first marks its lines). */
  surface: HTMLElement | null;
  /** Nothing to play: the keys are off and the replay disabled. */
  disabled?: boolean;
}

/**
 * The listening assist of the player and the demo (decision 034): line modes, listen first, slow
 * replay and sleep timer, with their keys and panel. Settings come from this browser's storage, so
 * the next chapter starts with the same ones.
 */
export function ListeningAssist({ audio, index, surface, disabled = false }: ListeningAssistProps) {
  const { settings, update } = useAssistSettings();
  const activity = useAssistActivity();
  const sleepTimer = useSleepTimerState();
  const lines = index?.segments ?? null;

  const { replaySlowly, stayPaused } = useLineAssist(audio, lines, settings);
  useSleepTimer(audio);
  const showText = useCallback(() => update({ listenFirst: 'off' }), [update]);
  const listenFirst = useListenFirst(surface, settings.listenFirst, index, showText);

  const onKey = useCallback(
    (key: AssistShortcutKey) => {
      switch (key) {
        case 'r':
          update({ repeatLine: !settings.repeatLine });
          break;
        case 'p':
          update({ lineEnd: settings.lineEnd === 'pause' ? 'continue' : 'pause' });
          break;
        case 's':
          update({ lineEnd: settings.lineEnd === 'shadow' ? 'continue' : 'shadow' });
          break;
        case 'l':
          replaySlowly();
          break;
        case 'h': {
          const at = LISTEN_FIRST_MODES.indexOf(settings.listenFirst);
          update({ listenFirst: LISTEN_FIRST_MODES[(at + 1) % LISTEN_FIRST_MODES.length] });
          break;
        }
        case 't':
          listenFirst.revealCurrent();
          break;
        case 'z':
          sleepTimerStore.set(nextSleepChoice(sleepTimerStore.get()));
          break;
      }
    },
    [settings, update, replaySlowly, listenFirst],
  );
  useAssistShortcuts(!disabled && audio !== null, onKey);

  return (
    <ListeningAssistPanel
      settings={settings}
      onChange={update}
      activity={activity}
      sleepTimer={sleepTimer}
      onSleepTimerChange={sleepTimerStore.set}
      sleepRemaining={<SleepRemaining audio={audio} />}
      onReplaySlowly={replaySlowly}
      onStayPaused={stayPaused}
      transcriptHidden={settings.listenFirst === 'all'}
      onRevealAll={listenFirst.revealAll}
      disabled={disabled || !lines || lines.length === 0}
    />
  );
}

/** The time left before the sleep timer pauses; only this re-renders as the audio plays. */
function SleepRemaining({ audio }: { audio: HTMLAudioElement | null }) {
  const timer = useSleepTimerState();
  const state = useAudioState(timer.kind === 'chapter-end' ? audio : null);
  const remaining = sleepRemainingSeconds(timer, {
    currentTime: state.currentTime,
    duration: state.duration,
    rate: state.rate,
  });
  if (remaining === null) return null;
  return <span className="text-sm text-ink-muted tabular-nums">{formatClock(remaining)} left</span>;
}
