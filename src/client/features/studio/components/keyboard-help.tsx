import { Keyboard } from 'lucide-react';
import { memo } from 'react';
import { Card } from '#client/components/ui/card';
import { Kbd } from './kbd';

export interface KeyHelp {
  keys: string[];
  action: string;
}

const timingKeys: readonly KeyHelp[] = [
  { keys: ['←', '→'], action: 'Move the selected word’s start by 10 ms' },
  { keys: ['Shift', '←', '→'], action: 'Move it by 50 ms' },
  { keys: ['Enter'], action: 'Play the selected word' },
  { keys: ['T'], action: 'Accept its doubtful timing, go to the next doubtful place' },
  { keys: ['Space', 'J'], action: 'Tap-along: the next word starts now' },
  { keys: ['Esc'], action: 'Stop tap-along' },
];

export interface KeyboardHelpProps {
  title?: string;
  intro?: string;
  keys?: readonly KeyHelp[];
  className?: string;
}

/** Keys, on the page where they are used (the brief: keys documented where they are used). Memoised: it never changes while keys are pressed. */
export const KeyboardHelp = memo(function KeyboardHelp({
  title = 'Timing keys',
  intro = 'Open a sentence’s words and timing, then focus a word’s start on the waveform (Tab) or drag it with the mouse.',
  keys = timingKeys,
  className,
}: KeyboardHelpProps) {
  return (
    <Card className={className ?? 'p-4'}>
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Keyboard aria-hidden="true" className="size-4 text-ink-muted" />
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{intro}</p>
      <dl className="mt-3 space-y-2 text-sm">
        {keys.map(({ keys: combination, action }) => (
          <div key={action} className="flex items-start justify-between gap-3">
            <dt className="flex shrink-0 gap-1">
              {combination.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </dt>
            <dd className="text-right text-ink-muted">{action}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
});
