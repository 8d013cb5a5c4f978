/** Looks of the sub-tabs inside the Upload and Associate tabs (a lighter second level). */
export const subTabListClass = 'flex flex-wrap gap-2 border-b border-line';

export const subTabTriggerClass =
  '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-ink-muted ' +
  'transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-focus data-[state=active]:border-accent data-[state=active]:text-ink';

export const subTabContentClass = 'mt-5 focus-visible:outline-2 focus-visible:outline-focus';
