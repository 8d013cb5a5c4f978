import type { Preferences } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';
import { isThemePreference, setThemePreference } from '#client/lib/theme';

/**
 * At sign-in the account's saved theme wins over this browser's: it is applied (and stored
 * locally) as soon as it arrives. A failure leaves the current theme; it is not worth a message.
 */
export async function applySavedTheme(): Promise<void> {
  try {
    const { preferences } = await apiFetch<{ preferences: Preferences }>('/api/me/preferences');
    if (isThemePreference(preferences.theme)) setThemePreference(preferences.theme);
  } catch {
    // Keep the local theme.
  }
}
