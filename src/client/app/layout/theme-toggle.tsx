import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { nextThemePreference, useTheme, type ThemePreference } from '#client/lib/theme';

const labels: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Automatic (system)',
};

const icons = { light: Sun, dark: Moon, auto: Monitor } satisfies Record<ThemePreference, unknown>;

/** Cycles light → dark → auto; the label names the current theme and the next one. */
export function ThemeToggle() {
  const { preference, setPreference } = useTheme();
  const next = nextThemePreference(preference);
  const Icon = icons[preference];
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setPreference(next)}
      aria-label={`Theme: ${labels[preference]}. Switch to ${labels[next].toLowerCase()}`}
      title={`Theme: ${labels[preference]}`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}
