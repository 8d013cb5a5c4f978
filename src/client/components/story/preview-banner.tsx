import { Eye } from 'lucide-react';
import { cn } from '#client/lib/cn';

/** Spec (issue 11): a preview is clearly marked as one. */
export const PREVIEW_BANNER_TEXT = 'Preview — learners do not see this yet';

/**
 * The mark of a preview (an administrator looking at a draft or at unpublished changes in the
 * real story page or player, decision 021).
 */
export function PreviewBanner({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-level-intermediate-ink/30 bg-level-intermediate px-4 py-2.5 text-sm font-semibold text-level-intermediate-ink',
        className,
      )}
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      {PREVIEW_BANNER_TEXT}
    </p>
  );
}
