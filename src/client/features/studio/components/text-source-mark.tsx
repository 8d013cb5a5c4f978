import { Bot, Check, CircleDashed } from 'lucide-react';
import type { ProposalOrigin, TextSource } from '#shared/transcript';
import { Badge } from '#client/components/ui/badge';
import { proposalOriginLabel } from '../rules/labels';

/**
 * Whether a translation or gloss still waits for a person: missing, machine-made (and where the
 * proposal came from, when it says), or approved (a person's, or written in an uploaded file).
 */
export function TextSourceMark({
  text,
  source,
  origin,
}: {
  text: string | undefined;
  source?: TextSource;
  origin?: ProposalOrigin;
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
    const from = proposalOriginLabel(origin);
    return (
      <Badge tone="intermediate">
        <Bot aria-hidden="true" className="size-3" />
        {from ? `Machine · ${from}` : 'Machine'}
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
