import { CheckCircle2, CircleDot } from 'lucide-react';
import { contactCategoryLabels, type ContactCategory } from '#shared/contracts/admin-inbox';
import { Badge } from '#client/components/ui/badge';

export function CategoryBadge({ category }: { category: ContactCategory }) {
  return <Badge tone="neutral">{contactCategoryLabels[category]}</Badge>;
}

/** Open or handled, in words and not only by colour. */
export function StatusBadge({ handled }: { handled: boolean }) {
  return handled ? (
    <Badge tone="beginner">
      <CheckCircle2 aria-hidden="true" className="size-3.5" />
      Handled
    </Badge>
  ) : (
    <Badge tone="accent">
      <CircleDot aria-hidden="true" className="size-3.5" />
      Open
    </Badge>
  );
}
