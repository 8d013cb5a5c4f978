import { Keyboard } from 'lucide-react';
import { Card } from '#client/components/ui/card';

const keys: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['←', '→'], action: 'Move the selected word’s start by 10 ms' },
  { keys: ['Shift', '←', '→'], action: 'Move it by 50 ms' },
  { keys: ['Enter'], action: 'Play the selected word' },
  { keys: ['Space', 'J'], action: 'Tap-along: the next word starts now' },
  { keys: ['Esc'], action: 'Stop tap-along' },
];

/** The timing keys, on the page (the brief: keys documented where they are used). */
export function KeyboardHelp() {
  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Keyboard aria-hidden="true" className="size-4 text-ink-muted" />
        Timing keys
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Open a sentence’s words and timing, then focus a word’s start on the waveform (Tab) or drag
        it with the mouse.
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        {keys.map(({ keys: combination, action }) => (
          <div key={action} className="flex items-start justify-between gap-3">
            <dt className="flex shrink-0 gap-1">
              {combination.map((key) => (
                <kbd
                  key={key}
                  className="min-w-7 rounded-md border border-line bg-surface-muted px-1.5 py-0.5 text-center font-mono text-xs"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-ink-muted">{action}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
