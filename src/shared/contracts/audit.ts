/**
 * Every event the security audit log records (security_audit_log.action): the spec's security
 * events and every administrator change. Shared because the admin audit viewer filters by them.
 * Each action has its label and group in src/shared/audit-actions.ts (the type checker insists).
 */
export const auditActions = [
  'failed_signin',
  'successful_signin',
  'rate_limited_signin',
  'password_reset_requested',
  'password_updated',
  'password_reset_failed',
  'password_reset_success',
  'role_changed',
  'account_deleted',
  'payment_amount_mismatch',
  // Administration: stories, files, tracking tags.
  'story_created',
  'story_updated',
  'story_deleted',
  'story_published',
  'story_unpublished',
  'story_login_changed',
  'story_moved',
  'chapters_reordered',
  'story_changes_published',
  'story_imported',
  'file_uploaded',
  'file_deleted',
  'files_associated',
  'file_unassociated',
  'tracking_tag_created',
  'tracking_tag_updated',
  'tracking_tag_deleted',
  // The content studio (decision 021): transcripts, alignments and the jobs that run them.
  'transcript_saved',
  'transcript_restored',
  'alignment_started',
  'job_cancelled',
  // A chapter's comprehension questions (decision 069).
  'comprehension_questions_saved',
  // Support settings (the donation switch and first tier) and the contact inbox (issue 12).
  'support_settings_updated',
  'contact_message_handled',
  'contact_message_reopened',
  // System settings and the migration tracker's records (issue 12, decision 025).
  'platform_settings_updated',
  // Whether unreviewed machine output may be published (decision 043).
  'publishing_settings_updated',
  'logo_updated',
  'payment_service_updated',
  'caches_cleared',
  'migration_recorded',
  'migration_record_removed',
  'migration_history_cleared',
] as const;
export type AuditAction = (typeof auditActions)[number];
