import { Bot, Check, CircleDashed } from 'lucide-react';
import type { TextSource } from '#shared/transcript';
import { Badge } from '#client/components/ui/badge';

/**
 * Whether a translation or gloss still waits for a person: missing, machine-made, or approved
 * (a person's, or written in an uploaded file).
 */
export function TextSourceMark({
  text,
  source,
}: {
  text: string | undefined;
  source?: TextSource;
}) {
  if (!text?.trim()) {
    return (
      <Badge tone="neutral">
        <CircleDashed aria-hidden="true" className="size-3" />
        Missing
      </Badge>
    );
  }
  if (source === 'machine') {
    return (
      <Badge tone="intermediate">
        <Bot aria-hidden="true" className="size-3" />
        Machine
      </Badge>
    );
  }
  return (
    <Badge tone="beginner">
      <Check aria-hidden="true" className="size-3" />
      Approved
    </Badge>
  );
}
