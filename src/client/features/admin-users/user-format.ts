import type { AdminUser } from '#shared/contracts/admin-users';

/** The name to show for a user: the full name, or the e-mail when there is none. */
export const displayNameOf = (user: Pick<AdminUser, 'fullName' | 'email'>): string =>
  user.fullName?.trim() || user.email;

const joinedFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
});

/** The spec's date format, 'MMM dd, yyyy' (Jun 01, 2025). */
export const formatJoined = (iso: string): string => joinedFormat.format(new Date(iso));
