import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, Ear } from 'lucide-react';
import {
  SLEEP_MINUTES,
  sleepForMinutes,
  sleepOff,
  type AssistSettings,
  type LineEndMode,
  type ListenFirstMode,
  type SleepTimer,
} from '#shared/player/listening-assist';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { ToggleSwitch } from '../toggle-switch';
import type { AssistActivity } from './assist-store';

export interface ListeningAssistPanelProps {
  settings: AssistSettings;
  onChange: (changes: Partial<AssistSettings>) => void;
  activity: AssistActivity;
  sleepTimer: SleepTimer;
  onSleepTimerChange: (timer: SleepTimer) => void;
  /** What is left before the sleep timer pauses. */
  sleepRemaining?: ReactNode;
  onReplaySlowly: () => void;
  onStayPaused: () => void;
  /** 'all' mode: the transcript is hidden (not yet shown again for this chapter). */
  transcriptHidden: boolean;
  onRevealAll: () => void;
  /** Nothing to play (no audio): the controls are shown but disabled. */
  disabled?: boolean;
}

const lineEndChoices: ReadonlyArray<{ value: LineEndMode; label: string }> = [
  { value: 'continue', label: 'Keep playing' },
  { value: 'pause', label: 'Pause (auto-pause)' },
  { value: 'shadow', label: 'Shadowing: pause to repeat it' },
];

const listenFirstChoices: ReadonlyArray<{ value: ListenFirstMode; label: string }> = [
  { value: 'off', label: 'Show the text' },
  { value: 'lines', label: 'Hide each line until revealed' },
  { value: 'all', label: 'Hide the whole transcript' },
];

function sleepValue(timer: SleepTimer): string {
  return timer.kind === 'minutes' ? String(timer.minutes) : timer.kind;
}

function RadioChoices<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  choices: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-1.5 flex flex-col gap-1">
        {choices.map((choice) => (
          <label key={choice.value} className="inline-flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="size-4 accent-accent"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the assist is doing, said once when it changes (a polite live region). */
function activityText(
  activity: AssistActivity,
  onStayPaused: () => void,
): { text: string; action?: ReactNode } | null {
  switch (activity.kind) {
    case 'paused-at-line-end':
      return { text: `Paused after line ${activity.line + 1}. Press play for the next line.` };
    case 'shadow-gap':
      return {
        text: `Your turn: say line ${activity.line + 1} aloud. Playback goes on by itself.`,
        action: (
          <Button variant="secondary" size="sm" onClick={onStayPaused}>
            Stay paused
          </Button>
        ),
      };
    case 'slow-replay':
      return { text: `Replaying line ${activity.line + 1} at ${activity.rate}×.` };
    case 'slept':
      return { text: 'Sleep timer: playback paused.' };
    default:
      return null;
  }
}

/**
 * The listening assist: a "Listening assist" button opening its controls (repeat the line, what
 * happens at each line's end, listen first, slow replay, sleep timer), and a status line saying
 * what the assist is doing.
 */
export function ListeningAssistPanel({
  settings,
  onChange,
  activity,
  sleepTimer,
  onSleepTimerChange,
  sleepRemaining,
  onReplaySlowly,
  onStayPaused,
  transcriptHidden,
  onRevealAll,
  disabled = false,
}: ListeningAssistPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const sleepId = useId();
  const name = useId();
  const status = activityText(activity, onStayPaused);

  const on: string[] = [];
  if (settings.repeatLine) on.push('Repeat line');
  if (settings.lineEnd === 'pause') on.push('Auto-pause');
  if (settings.lineEnd === 'shadow') on.push('Shadowing');
  if (settings.listenFirst !== 'off') on.push('Listen first');
  if (sleepTimer.kind !== 'off') on.push('Sleep timer');

  // On a phone, folded and with nothing to say, it is one button in the row of the reading
  // controls; open (or saying something) it takes the row's whole width as a card (issue 14).
  const card = open || status !== null || transcriptHidden;
  return (
    <section
      aria-label="Listening assist"
      data-card={card}
      className={cn(
        card ? 'w-full rounded-2xl border border-line bg-surface px-3 py-2' : 'w-auto',
        'md:w-full md:rounded-2xl md:border md:border-line md:bg-surface md:px-4 md:py-2',
      )}
    >
      <div
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-1',
          !card &&
            'max-md:rounded-full max-md:border max-md:border-line max-md:bg-surface max-md:pr-3',
        )}
      >
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-9 items-center gap-2 rounded-full px-2 text-sm font-semibold text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <Ear aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">Listening assist</span>
          {/* A narrow phone's short label; the button is still named "Listening assist". */}
          <span aria-hidden="true" className="sm:hidden">
            Assist
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', open && 'rotate-180')}
          />
        </button>
        <p className="text-sm text-ink-muted">
          {on.length > 0 ? (
            <>
              <span className="max-sm:hidden">{on.join(' · ')}</span>
              <span className="sm:hidden">{on.length} on</span>
            </>
          ) : (
            'Off'
          )}
        </p>
      </div>

      <div role="status" className="empty:hidden">
        {status ? (
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink">
            <p>{status.text}</p>
            {status.action}
          </div>
        ) : null}
      </div>
      {transcriptHidden ? (
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink">
          <p>The transcript is hidden: listen first.</p>
          <Button variant="secondary" size="sm" onClick={onRevealAll}>
            Show the transcript
          </Button>
        </div>
      ) : null}

      {/* On a phone the open panel scrolls within a fifth of the screen, so the line being
          worked on stays in view below it. */}
      <div
        id={panelId}
        hidden={!open}
        className="mt-2 max-h-[20dvh] space-y-3 overflow-y-auto overscroll-contain pb-2 md:mt-3 md:max-h-none md:space-y-4 md:overflow-visible"
      >
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <ToggleSwitch
            label="Repeat the current line"
            checked={settings.repeatLine}
            onCheckedChange={(repeatLine) => onChange({ repeatLine })}
          />
          <Button variant="secondary" size="sm" onClick={onReplaySlowly} disabled={disabled}>
            Replay line slowly
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <RadioChoices
            legend="At the end of each line"
            name={`${name}-line-end`}
            value={settings.lineEnd}
            choices={lineEndChoices}
            onChange={(lineEnd) => onChange({ lineEnd })}
          />
          <RadioChoices
            legend="Listen first"
            name={`${name}-listen-first`}
            value={settings.listenFirst}
            choices={listenFirstChoices}
            onChange={(listenFirst) => onChange({ listenFirst })}
          />
        </div>
        {settings.listenFirst === 'lines' ? (
          <p className="text-sm text-ink-muted">
            Click a hidden line, or press T, to reveal it.{' '}
            <button
              type="button"
              onClick={onRevealAll}
              className="font-medium text-accent-ink underline underline-offset-4"
            >
              Reveal every line
            </button>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={sleepId} className="text-sm font-semibold text-ink">
            Sleep timer
          </label>
          <select
            id={sleepId}
            value={sleepValue(sleepTimer)}
            onChange={(event) => {
              const value = event.target.value;
              onSleepTimerChange(
                value === 'off'
                  ? sleepOff
                  : value === 'chapter-end'
                    ? { kind: 'chapter-end' }
                    : sleepForMinutes(Number(value)),
              );
            }}
            className="h-9 rounded-full border border-line bg-surface px-3 text-sm text-ink"
          >
            <option value="off">Off</option>
            <option value="chapter-end">End of chapter</option>
            {SLEEP_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes} minutes
              </option>
            ))}
          </select>
          {sleepRemaining}
        </div>
      </div>
    </section>
  );
}
