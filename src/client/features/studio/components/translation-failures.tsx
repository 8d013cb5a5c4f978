import { FormAlert } from '#client/components/ui/form-alert';

/**
 * What the translation services could not do in a prefill ("Apertium failed: …"), announced as
 * an alert the administrator sees, not only in the status line (decision 044).
 */
export function TranslationFailures({
  failures,
  className,
}: {
  failures: readonly string[];
  className?: string;
}) {
  if (failures.length === 0) return null;
  return (
    <FormAlert
      className={className}
      title={failures.length === 1 ? 'A translation service failed' : 'Translation services failed'}
      message={failures[0]!}
      items={failures.length > 1 ? failures : undefined}
    />
  );
}
