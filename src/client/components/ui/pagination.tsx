import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, type PageInfo } from '#shared/contracts/pagination';
import { Button } from './button';

export interface PaginationProps extends PageInfo {
  /** What is paged, for the navigation's name ('Inbox pages'). */
  label: string;
  /** What a row is, one and many ('message', 'messages' → 'Showing 21–40 of 95 messages'). */
  noun: { one: string; other: string };
  onPageChange: (page: number) => void;
  /** A page is being fetched: the buttons wait. */
  busy?: boolean;
}

function rangeText(at: {
  first: number;
  last: number;
  total: number;
  pages: number;
  page: number;
  noun: PaginationProps['noun'];
}): string {
  const count = (n: number) => `${n} ${n === 1 ? at.noun.one : at.noun.other}`;
  if (at.total === 0) return `No ${at.noun.other}`;
  if (at.first > at.last) return `Page ${at.page} is past the last of ${count(at.total)}`;
  if (at.pages === 1) return count(at.total);
  return `Showing ${at.first}–${at.last} of ${count(at.total)}`;
}

/** Previous and next page of a page-numbered admin list, with where the reader is. */
export function Pagination({
  page,
  pageSize,
  total,
  label,
  noun,
  onPageChange,
  busy = false,
}: PaginationProps) {
  const pages = pageCount({ total, pageSize });
  const first = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-ink-muted" aria-live="polite">
        {rangeText({ first, last, total, pages, page, noun })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || page <= 1}
          onClick={() => onPageChange(Math.min(page - 1, pages))}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <span className="px-1 text-sm whitespace-nowrap text-ink tabular-nums">
          Page {page} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
