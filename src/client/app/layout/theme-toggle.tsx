import { Monitor, Moon, Sun } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '#client/components/ui/button';
import { useAuth } from '#client/lib/auth/auth-context';
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
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const next = nextThemePreference(preference);
  const Icon = icons[preference];

  const onClick = () => {
    setPreference(next);
    // A signed-in user's theme is also an account preference (it follows them to other devices).
    // The preferences API module loads on this first use, not with the page.
    if (status === 'signed_in') {
      void import('#client/lib/api/me/update-preferences').then(({ savePreferencesQuietly }) =>
        savePreferencesQuietly(queryClient, { theme: next }),
      );
    }
  };

  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onClick}
      aria-label={`Theme: ${labels[preference]}. Switch to ${labels[next].toLowerCase()}`}
      title={`Theme: ${labels[preference]}`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}
