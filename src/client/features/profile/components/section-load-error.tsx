import { Notice } from '#client/components/ui/notice';

/**
 * A profile section whose data could not be loaded: what is missing, and Try Again (the
 * profile's sections load apart, so one failing leaves the others).
 */
export function SectionLoadError({
  title,
  children,
  onRetry,
}: {
  title: string;
  children: string;
  onRetry: () => void;
}) {
  return (
    <Notice
      tone="error"
      headingLevel={3}
      title={title}
      action={
        <button type="button" className="font-medium underline" onClick={onRetry}>
          Try Again
        </button>
      }
    >
      {children}
    </Notice>
  );
}
