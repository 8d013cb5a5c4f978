import { ToggleGroup } from 'radix-ui';
import { Minus, Plus } from 'lucide-react';
import { TEXT_SIZE } from '#shared/player/timing';
import { cn } from '#client/lib/cn';
import type { ReadingPalette, ReadingSettings } from './reading-settings';
import { ToggleSwitch } from './toggle-switch';

export interface ReadingControlsProps {
  settings: ReadingSettings;
  /** The palette in use (the site theme's when the learner has not picked one). */
  palette: ReadingPalette;
  onChange: (changes: Partial<ReadingSettings>) => void;
  showTranslations: boolean;
  onShowTranslationsChange: (show: boolean) => void;
  /** Present when the learner's new words are known. */
  newWordsToggle?: boolean;
  className?: string;
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-50';

/** Text size (12–24, step 2), light or sepia, night mode, line translations and new-word marks. */
export function ReadingControls({
  settings,
  palette,
  onChange,
  showTranslations,
  onShowTranslationsChange,
  newWordsToggle = false,
  className,
}: ReadingControlsProps) {
  const night = palette === 'dark';
  return (
    <div
      role="group"
      aria-label="Reading settings"
      className={cn('flex flex-wrap items-center gap-x-5 gap-y-3', className)}
    >
      <div className="inline-flex items-center gap-2">
        <button
          type="button"
          className={iconButton}
          onClick={() => onChange({ textSize: settings.textSize - TEXT_SIZE.step })}
          disabled={settings.textSize <= TEXT_SIZE.min}
          aria-label="Smaller text"
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <span
          className="min-w-16 text-center text-sm text-ink-muted tabular-nums"
          aria-live="polite"
        >
          Text {settings.textSize}px
        </span>
        <button
          type="button"
          className={iconButton}
          onClick={() => onChange({ textSize: settings.textSize + TEXT_SIZE.step })}
          disabled={settings.textSize >= TEXT_SIZE.max}
          aria-label="Larger text"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>

      <ToggleGroup.Root
        type="single"
        aria-label="Reading palette"
        value={night ? '' : palette}
        onValueChange={(value) => {
          if (value === 'light' || value === 'sepia')
            onChange({ palette: value, dayPalette: value });
        }}
        className="inline-flex rounded-full border border-line bg-surface p-0.5"
      >
        {(['light', 'sepia'] as const).map((value) => (
          <ToggleGroup.Item
            key={value}
            value={value}
            className="h-8 rounded-full px-3 text-sm font-medium text-ink-muted capitalize hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus data-[state=on]:bg-accent-soft data-[state=on]:text-accent-soft-ink"
          >
            {value}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>

      <ToggleSwitch
        label="Night mode"
        checked={night}
        onCheckedChange={(checked) => onChange({ palette: checked ? 'dark' : settings.dayPalette })}
      />
      <ToggleSwitch
        label="Show translations"
        checked={showTranslations}
        onCheckedChange={onShowTranslationsChange}
      />
      {newWordsToggle ? (
        <ToggleSwitch
          label="Mark new words"
          checked={settings.markNewWords}
          onCheckedChange={(markNewWords) => onChange({ markNewWords })}
        />
      ) : null}
    </div>
  );
}
