import { Play } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ShortcutList } from '#client/components/ui/shortcut-list';
import { practiceTexts } from '../practice-texts';
import { StrictAccentsSwitch } from './strict-accents-switch';

function Shortcuts() {
  return (
    <section aria-labelledby="practice-keys" className="space-y-2">
      <h2 id="practice-keys" className="text-base font-semibold">
        {practiceTexts.shortcutsHeading}
      </h2>
      <ShortcutList shortcuts={practiceTexts.shortcuts} />
      <p className="text-sm text-ink-muted">{practiceTexts.shortcutsWhileTyping}</p>
    </section>
  );
}

/**
 * Before the set: what it holds, the accents setting and the keys. Start is the learner's press
 * that lets the first clip play.
 */
export function PracticeStart({
  count,
  lead,
  strictAccents,
  onStrictAccentsChange,
  onStart,
}: {
  count: number;
  lead: string;
  strictAccents: boolean;
  onStrictAccentsChange: (strict: boolean) => void;
  onStart: () => void;
}) {
  return (
    <Card className="space-y-6 p-5 sm:p-8" data-testid="practice-start">
      <div className="space-y-2">
        <p className="text-lg">{lead}</p>
        <p className="font-medium text-ink-muted">{practiceTexts.count(count)}</p>
      </div>
      <StrictAccentsSwitch strict={strictAccents} onChange={onStrictAccentsChange} />
      <Button size="lg" onClick={onStart} className="w-full sm:w-auto">
        <Play aria-hidden="true" className="size-5" />
        {practiceTexts.start}
      </Button>
      <Shortcuts />
    </Card>
  );
}
