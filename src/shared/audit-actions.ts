import type { AuditAction } from './contracts/audit.ts';

/**
 * How the admin audit log names what happened: every action of `auditActions` with its words and
 * its group (the viewer's event-type select), and how an entry's details read as `key: value`
 * lines. One home, shared by the server (which validates the filter) and the viewer.
 */

export const auditActionGroups = [
  'Accounts and sign-in',
  'Users and roles',
  'Stories',
  'Files',
  'Content studio',
  'Site and settings',
  'Payments',
  'Messages',
] as const;
export type AuditActionGroup = (typeof auditActionGroups)[number];

export const auditActionInfo = {
  failed_signin: { label: 'Sign-in failed', group: 'Accounts and sign-in' },
  successful_signin: { label: 'Signed in', group: 'Accounts and sign-in' },
  rate_limited_signin: {
    label: 'Sign-in blocked after too many attempts',
    group: 'Accounts and sign-in',
  },
  password_reset_requested: { label: 'Password reset requested', group: 'Accounts and sign-in' },
  password_updated: { label: 'Password changed', group: 'Accounts and sign-in' },
  password_reset_failed: { label: 'Password reset failed', group: 'Accounts and sign-in' },
  password_reset_success: { label: 'Password reset completed', group: 'Accounts and sign-in' },
  account_deleted: { label: 'Account deleted', group: 'Accounts and sign-in' },
  role_changed: { label: 'Role changed', group: 'Users and roles' },
  story_created: { label: 'Story created', group: 'Stories' },
  story_updated: { label: 'Story updated', group: 'Stories' },
  story_deleted: { label: 'Story deleted', group: 'Stories' },
  story_published: { label: 'Story published', group: 'Stories' },
  story_unpublished: { label: 'Story unpublished', group: 'Stories' },
  story_login_changed: { label: 'Story login requirement changed', group: 'Stories' },
  story_moved: { label: 'Story moved', group: 'Stories' },
  chapters_reordered: { label: 'Chapters reordered', group: 'Stories' },
  story_changes_published: { label: 'Story changes published', group: 'Stories' },
  story_imported: { label: 'Story imported', group: 'Stories' },
  file_uploaded: { label: 'File uploaded', group: 'Files' },
  file_deleted: { label: 'File deleted', group: 'Files' },
  files_associated: { label: 'Files associated with a chapter', group: 'Files' },
  file_unassociated: { label: 'File unassociated', group: 'Files' },
  transcript_saved: { label: 'Transcript saved', group: 'Content studio' },
  transcript_restored: { label: 'Transcript version restored', group: 'Content studio' },
  alignment_started: { label: 'Alignment started', group: 'Content studio' },
  job_cancelled: { label: 'Job cancelled', group: 'Content studio' },
  comprehension_questions_saved: {
    label: 'Comprehension questions saved',
    group: 'Content studio',
  },
  tracking_tag_created: { label: 'Tracking tag created', group: 'Site and settings' },
  tracking_tag_updated: { label: 'Tracking tag updated', group: 'Site and settings' },
  tracking_tag_deleted: { label: 'Tracking tag deleted', group: 'Site and settings' },
  support_settings_updated: { label: 'Support settings changed', group: 'Site and settings' },
  platform_settings_updated: { label: 'Platform settings changed', group: 'Site and settings' },
  publishing_settings_updated: {
    label: 'Publishing setting changed',
    group: 'Site and settings',
  },
  logo_updated: { label: 'Logo changed', group: 'Site and settings' },
  payment_service_updated: { label: 'Payment service switched', group: 'Site and settings' },
  caches_cleared: { label: 'Caches cleared', group: 'Site and settings' },
  migration_recorded: { label: 'Migration recorded', group: 'Site and settings' },
  migration_record_removed: {
    label: 'Migration record removed (rolled back)',
    group: 'Site and settings',
  },
  migration_history_cleared: { label: 'Migration history cleared', group: 'Site and settings' },
  payment_amount_mismatch: { label: 'Payment refused: amount mismatch', group: 'Payments' },
  contact_message_handled: { label: 'Contact message marked handled', group: 'Messages' },
  contact_message_reopened: { label: 'Contact message reopened', group: 'Messages' },
} as const satisfies Record<AuditAction, { label: string; group: AuditActionGroup }>;

const isKnownAction = (action: string): action is AuditAction =>
  Object.hasOwn(auditActionInfo, action);

/** The action in words; an action this build does not know (an older row) is shown as stored. */
export const auditActionLabel = (action: string): string =>
  isKnownAction(action) ? auditActionInfo[action].label : action;

/** The event-type select: each group with its actions, in the order above. */
export function auditActionsByGroup(): Array<{
  group: AuditActionGroup;
  actions: Array<{ action: AuditAction; label: string }>;
}> {
  const entries = Object.entries(auditActionInfo) as Array<
    [AuditAction, (typeof auditActionInfo)[AuditAction]]
  >;
  return auditActionGroups.map((group) => ({
    group,
    actions: entries
      .filter(([, info]) => info.group === group)
      .map(([action, info]) => ({ action, label: info.label })),
  }));
}

/**
 * Keys every entry carries (lib/audit-log.repository.ts writes them into `details`) that the
 * viewer shows elsewhere or not at all: the time is the entry's own, the address its own column.
 */
export const AUDIT_HOUSEKEEPING_KEYS = ['timestamp', 'ip_address', 'user_agent'] as const;

// Words that read better in capitals, wherever they appear in a key.
const acronyms: Record<string, string> = { id: 'ID', ids: 'IDs', url: 'URL', ip: 'IP', sql: 'SQL' };

/** `story_id` → "Story ID", `changedFields` → "Changed fields". */
export function auditDetailKeyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => acronyms[word.toLowerCase()] ?? word.toLowerCase());
  if (words.length === 0) return key;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/** A detail's value as text: yes/no, numbers and strings as they are, lists joined, none as "—". */
export function auditDetailValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value.length === 0
      ? '—'
      : value
          .map((item) =>
            typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
          )
          .join(', ');
  }
  return JSON.stringify(value);
}

// What the entry is about first (the story's title, the tag's name…), then the rest by key.
const leadingKeys = ['title', 'tagName', 'subject', 'name', 'email', 'from', 'to', 'reason'];
const rank = (key: string) => {
  const index = leadingKeys.indexOf(key);
  return index < 0 ? leadingKeys.length : index;
};

/** An entry's details as `label: value` lines, without the housekeeping keys. */
export function auditDetailLines(
  details: Record<string, unknown>,
): Array<{ key: string; label: string; value: string }> {
  const hidden: readonly string[] = AUDIT_HOUSEKEEPING_KEYS;
  return Object.keys(details)
    .filter((key) => !hidden.includes(key))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((key) => ({
      key,
      label: auditDetailKeyLabel(key),
      value: auditDetailValue(details[key]),
    }));
}
