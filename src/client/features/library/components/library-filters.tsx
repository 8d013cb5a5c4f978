import { useId, useRef, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import type { LevelFilter } from '#shared/discover/library-search';
import { Button } from '#client/components/ui/button';
import { Checkbox, Input, Label, inputClassName } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { useValueTypedBeforeHydration } from '#client/lib/use-value-typed-before-hydration';

const levelOptions: ReadonlyArray<{ value: LevelFilter; label: string }> = [
  { value: 'all', label: 'All Levels' },
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
];

/** The library's order: as the administrators set it, or best fit first (decision 071). */
export type LibrarySort = 'library' | 'fit';

const sortOptions: ReadonlyArray<{ value: LibrarySort; label: string }> = [
  { value: 'library', label: 'Library Order' },
  { value: 'fit', label: 'Best Fit First' },
];

/** Sorting and filtering by how well a story fits: only for a learner whose shares are known. */
export interface FitControls {
  sort: LibrarySort;
  fitsOnly: boolean;
  onSortChange: (sort: LibrarySort) => void;
  onFitsOnlyChange: (fitsOnly: boolean) => void;
}

export interface LibraryFiltersProps {
  query: string;
  level: LevelFilter;
  onQueryChange: (query: string) => void;
  onLevelChange: (level: LevelFilter) => void;
  fit?: FitControls;
}

/** Search box and level filter; below 768 px the panel opens and closes with a Filters button. */
export function LibraryFilters({
  query,
  level,
  onQueryChange,
  onLevelChange,
  fit,
}: LibraryFiltersProps) {
  // Open from the start when the address already narrows the list.
  const [open, setOpen] = useState(query !== '' || level !== 'all');
  const panelId = useId();
  const searchId = useId();
  const levelId = useId();
  const sortId = useId();
  const fitsId = useId();
  // The library is server-rendered: a search typed while its script loads still applies.
  const searchRef = useRef<HTMLInputElement>(null);
  const levelRef = useRef<HTMLSelectElement>(null);
  useValueTypedBeforeHydration(searchRef, query, onQueryChange);
  useValueTypedBeforeHydration(levelRef, level, (typed) => onLevelChange(typed as LevelFilter));
  return (
    <div>
      <Button
        variant="secondary"
        size="sm"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {open ? 'Hide Filters' : 'Show Filters'}
      </Button>
      <form
        id={panelId}
        role="search"
        aria-label="Search the library"
        onSubmit={(event) => event.preventDefault()}
        className={cn(
          'mt-3 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 md:mt-0 md:flex md:flex-row md:items-end',
          open ? 'flex' : 'hidden',
        )}
      >
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={searchId}>Search stories</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
            />
            <Input
              ref={searchRef}
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => onQueryChange(event.target.value)}
              placeholder="Title, level, description…"
              autoComplete="off"
              className="pl-10"
            />
          </div>
        </div>
        <div className="space-y-1.5 md:w-52">
          <Label htmlFor={levelId}>Level</Label>
          <select
            ref={levelRef}
            id={levelId}
            value={level}
            onChange={(event) => onLevelChange(event.target.value as LevelFilter)}
            className={inputClassName}
          >
            {levelOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {fit ? (
          <>
            <div className="space-y-1.5 md:w-44">
              <Label htmlFor={sortId}>Sort</Label>
              <select
                id={sortId}
                value={fit.sort}
                onChange={(event) => fit.onSortChange(event.target.value as LibrarySort)}
                className={inputClassName}
              >
                {sortOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex items-center gap-2 md:h-11">
              <Checkbox
                id={fitsId}
                checked={fit.fitsOnly}
                onChange={(event) => fit.onFitsOnlyChange(event.target.checked)}
                className="mt-0"
              />
              <Label htmlFor={fitsId}>Fits me</Label>
            </div>
          </>
        ) : null}
      </form>
    </div>
  );
}
