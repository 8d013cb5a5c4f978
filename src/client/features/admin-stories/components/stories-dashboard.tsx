import { BookCheck, BookOpen, FilePen, Globe, Plus, Search, type LucideIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import type { AdminStory, StoryMove } from '#shared/contracts/admin-stories';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input, inputClassName, Label } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useAdminStories } from '#client/lib/api/admin/get-admin-stories';
import { cn } from '#client/lib/cn';
import { useElementWidth } from '../hooks/use-element-width';
import { useStoryActions, type PendingPublish } from '../hooks/use-story-actions';
import {
  dashboardCounters,
  filterDashboardStories,
  hasActiveFilters,
  lastPosition,
  levelFilterOptions,
  noFilters,
  statusFilterOptions,
  type DashboardCounters,
  type DashboardFilters,
} from '../utils/dashboard';
import { DeleteStoryDialog } from './delete-story-dialog';
import { ImportStoryPackage } from './import-story-package';
import { PublishDialog } from './publish-dialog';
import { keyMoveTarget, LiveRegion, useAnnouncer, useDragReorder, type KeyMove } from './reorder';
import { StoryRow, type MoveControl, type StoryTableLayout } from './story-row';

/**
 * The table's width from which each field has a column of its own; narrower (a laptop with the
 * admin sidebar, a tablet, a phone) the fields stack under the story's title. The other columns
 * take about 910 px at most (an "Intermediate" level, a "Not published" date, two rows of
 * actions; warnings and titles wrap), so from here the story's title keeps about 190 px.
 */
const COLUMNS_MIN_WIDTH = 1100;

export interface StoriesDashboardProps {
  onCreate: () => void;
  onEdit: (storyId: string) => void;
}

/** The Stories tab's list: counters, search and filters, and the table of every story. */
export function StoriesDashboard({ onCreate, onEdit }: StoriesDashboardProps) {
  const { data: stories, isPending, isError, refetch } = useAdminStories();
  const [filters, setFilters] = useState<DashboardFilters>(noFilters);
  const [toDelete, setToDelete] = useState<AdminStory | null>(null);
  const [toPublish, setToPublish] = useState<PendingPublish | null>(null);
  const actions = useStoryActions();
  const [tableRef, tableWidth] = useElementWidth<HTMLDivElement>();
  // Unmeasured (no ResizeObserver): the spec's columns.
  const layout: StoryTableLayout =
    tableWidth === null || tableWidth >= COLUMNS_MIN_WIDTH ? 'columns' : 'stacked';
  const { message, announce } = useAnnouncer();
  const tableBox = useRef<HTMLDivElement | null>(null);

  /**
   * Moves a story and says where it went; the control the move started from gets the focus back
   * (the row is moved in the page, which takes the focus away), or its handle when that control
   * is disabled now (the arrow at an end).
   */
  function moveStory(story: AdminStory, to: StoryMove, control?: MoveControl) {
    actions.move(story, to, (list) => {
      const moved = list.find((item) => item.id === story.id);
      if (moved) {
        announce(`"${story.title}" moved to position ${moved.position} of ${list.length}.`);
      }
      if (!control) return;
      requestAnimationFrame(() => {
        const row = tableBox.current?.querySelector(`[data-story-id="${story.id}"]`);
        const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
        const target =
          wanted && !wanted.disabled
            ? wanted
            : row?.querySelector<HTMLButtonElement>('[data-control="handle"]');
        target?.focus();
      });
    });
  }

  // To the place the other story has when the server moves it (this list may be out of date).
  const drag = useDragReorder((draggedId, targetId) => {
    const dragged = stories?.find((story) => story.id === draggedId);
    if (dragged) moveStory(dragged, { target: targetId });
  });

  const visible = useMemo(
    () => (stories ? filterDashboardStories(stories, filters) : []),
    [stories, filters],
  );

  if (isPending) return <Spinner label="Loading stories..." className="py-16" />;
  if (isError) {
    return (
      <Notice
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      >
        Error loading stories. Please try again.
      </Notice>
    );
  }

  const last = lastPosition(stories);
  const draggedStory = stories.find((story) => story.id === drag.dragged);

  function keyMove(story: AdminStory, move: KeyMove) {
    if (keyMoveTarget(move, story.position - 1, stories!.length) === null) {
      announce(
        `"${story.title}" is already ${move === 'up' || move === 'first' ? 'first' : 'last'}.`,
      );
      return;
    }
    moveStory(story, { direction: move }, 'handle');
  }

  return (
    <div className="@container space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-xl font-semibold">Stories</h2>
        <ImportStoryPackage />
        <Button size="sm" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          Create New Story
        </Button>
      </div>

      <Counters counters={dashboardCounters(stories)} />
      <Filters filters={filters} onChange={setFilters} />

      {visible.length === 0 ? (
        <EmptyState filtered={hasActiveFilters(filters)} onCreate={onCreate} />
      ) : (
        <Card
          ref={(node: HTMLDivElement | null) => {
            tableRef(node);
            tableBox.current = node;
          }}
          className="@container overflow-x-auto"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Stories, by position in the library</caption>
            <thead className="bg-surface-muted text-left text-xs font-semibold tracking-wide text-ink-muted uppercase">
              <tr>
                <th scope="col" className="w-px px-2 py-3">
                  Position
                </th>
                <th scope="col" className="px-2 py-3">
                  Story
                </th>
                {layout === 'columns' ? (
                  <>
                    <th scope="col" className="w-px px-2 py-3">
                      Level
                    </th>
                    <th scope="col" className="w-px px-2 py-3">
                      Status
                    </th>
                    <th scope="col" className="w-px px-2 py-3">
                      Login Required
                    </th>
                    <th scope="col" className="w-px px-2 py-3 text-center">
                      Chapters
                    </th>
                    <th scope="col" className="w-px px-2 py-3">
                      Published
                    </th>
                    <th scope="col" className="w-px px-2 py-3">
                      Created
                    </th>
                  </>
                ) : null}
                <th scope="col" className="w-px px-2 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((story) => (
                <StoryRow
                  key={story.id}
                  story={story}
                  layout={layout}
                  count={stories.length}
                  isLast={story.position >= last}
                  busy={{
                    status: actions.busy.status === story.id,
                    login: actions.busy.login === story.id,
                    move: actions.busy.move !== undefined,
                    remove: actions.busy.remove === story.id,
                    publish: actions.busy.publish === story.id,
                  }}
                  drag={{
                    handle: drag.handleProps(story.id),
                    item: drag.itemProps(story.id),
                    dragging: drag.dragged === story.id,
                    dropSide:
                      drag.over === story.id && draggedStory && draggedStory.id !== story.id
                        ? draggedStory.position > story.position
                          ? 'above'
                          : 'below'
                        : null,
                  }}
                  onMove={(direction, control) => moveStory(story, { direction }, control)}
                  onKeyMove={(move) => keyMove(story, move)}
                  onTogglePublished={() => actions.togglePublished(story, setToPublish)}
                  onPublishChanges={() => actions.askToPublishChanges(story, setToPublish)}
                  onToggleRequiresLogin={() => actions.toggleRequiresLogin(story)}
                  onEdit={() => onEdit(story.id)}
                  onDelete={() => setToDelete(story)}
                />
              ))}
            </tbody>
          </table>
        </Card>
      )}

      <LiveRegion message={message} />

      <PublishDialog
        pending={toPublish}
        publishing={
          toPublish !== null &&
          (toPublish.action === 'publish' ? actions.busy.status : actions.busy.publish) ===
            toPublish.story.id
        }
        onCancel={() => setToPublish(null)}
        onConfirm={(pending) => actions.confirmPublish(pending, () => setToPublish(null))}
      />

      <DeleteStoryDialog
        story={toDelete}
        deleting={toDelete !== null && actions.busy.remove === toDelete.id}
        onCancel={() => setToDelete(null)}
        onConfirm={(story) => actions.remove(story, () => setToDelete(null))}
      />
    </div>
  );
}

const counterTiles: ReadonlyArray<{
  key: keyof DashboardCounters;
  label: string;
  icon: LucideIcon;
}> = [
  { key: 'total', label: 'Total Stories', icon: BookOpen },
  { key: 'published', label: 'Published', icon: Globe },
  { key: 'drafts', label: 'Drafts', icon: FilePen },
  { key: 'complete', label: 'Complete', icon: BookCheck },
];

function Counters({ counters }: { counters: DashboardCounters }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {counterTiles.map(({ key, label, icon: Icon }) => (
        <Card key={key} className="p-4">
          <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
            <Icon aria-hidden="true" className="size-4 text-accent-ink" />
            {label}
          </dt>
          <dd className="mt-1 text-3xl font-semibold text-ink tabular-nums">{counters[key]}</dd>
        </Card>
      ))}
    </dl>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
}) {
  const id = useId();
  return (
    // The dashboard's width decides (the admin sidebar takes part of a tablet's screen).
    <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-[1fr_auto_auto]">
      <div className="col-span-2 space-y-1.5 @2xl:col-span-1">
        <Label htmlFor={`${id}-search`}>Search stories</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search by title or description"
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            className="pl-9"
          />
        </div>
      </div>
      <FilterSelect
        id={`${id}-level`}
        label="Level"
        value={filters.level}
        options={levelFilterOptions}
        onChange={(level) => onChange({ ...filters, level })}
      />
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        value={filters.status}
        options={statusFilterOptions}
        onChange={(status) => onChange({ ...filters, status })}
      />
    </div>
  );
}

function EmptyState({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  return (
    <Notice
      title="No stories found"
      headingLevel={3}
      className="py-10 text-center"
      action={
        filtered ? undefined : (
          <Button size="sm" className="mx-auto" onClick={onCreate}>
            <Plus aria-hidden="true" className="size-4" />
            Create Your First Story
          </Button>
        )
      }
    >
      {filtered
        ? 'Try adjusting your search or filter criteria'
        : 'Get started by creating your first story'}
    </Notice>
  );
}

/** A labelled select over a fixed list of filter options. */
function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={cn(inputClassName, 'pr-8')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
