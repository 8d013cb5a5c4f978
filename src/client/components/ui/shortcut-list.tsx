/** A page's keyboard shortcuts: each key (or keys) beside what it does. */
export function ShortcutList({
  shortcuts,
}: {
  shortcuts: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {shortcuts.map(([keys, action]) => (
        <div key={keys} className="contents">
          <dt>
            <kbd className="rounded border border-line bg-surface-muted px-2 py-0.5 font-mono text-sm">
              {keys}
            </kbd>
          </dt>
          <dd>{action}</dd>
        </div>
      ))}
    </dl>
  );
}
