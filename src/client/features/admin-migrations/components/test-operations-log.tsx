import type { TestModeConfig } from '#shared/contracts/admin-migrations';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { testLogEntries } from '../hooks/use-test-mode';

const operationLabels: Record<string, string> = {
  dry_run: 'Dry-run',
  safety_checks: 'Safety checks',
};

/** The test-mode log: newest first, in a scrollable area about 200 px high. */
export function TestOperationsLog({
  config,
  onClear,
}: {
  config: TestModeConfig | null;
  onClear: () => void;
}) {
  const entries = testLogEntries(config);
  const active = config?.enabled === true;
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="test-log-heading" className="text-lg font-semibold">
          Test Operations Log
        </h3>
        <Button
          size="sm"
          variant="secondary"
          onClick={onClear}
          disabled={!active || entries.length === 0}
        >
          Clear Log
        </Button>
      </div>
      <div
        role="region"
        aria-labelledby="test-log-heading"
        tabIndex={0}
        className="mt-2 h-[200px] overflow-y-auto rounded-xl border border-line bg-surface-muted/50 p-3 text-sm"
      >
        {!active ? (
          <p className="text-ink-muted">Enable test mode to record operations.</p>
        ) : entries.length === 0 ? (
          <p className="text-ink-muted">No test operations recorded yet.</p>
        ) : (
          <ol className="space-y-2" aria-label="Recorded operations">
            {entries.map(({ key, entry }) => (
              <li
                key={key}
                data-testid="test-operation"
                className="rounded-lg border border-line bg-surface px-3 py-2"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {operationLabels[entry.operation] ?? entry.operation}
                  </span>
                  <Badge tone={entry.result === 'success' ? 'beginner' : 'advanced'}>
                    {entry.result}
                  </Badge>
                  <time dateTime={entry.timestamp} className="ml-auto text-xs text-ink-muted">
                    {new Date(entry.timestamp).toLocaleTimeString()}
                  </time>
                </div>
                <p className="mt-1 text-ink-muted">{entry.details.description}</p>
                {entry.details.sqlLength !== undefined ? (
                  <p className="text-xs text-ink-muted">
                    {entry.details.sqlLength} characters
                    {entry.details.affectedTables?.length
                      ? ` · tables: ${entry.details.affectedTables.join(', ')}`
                      : ''}
                    {entry.details.errors?.length ? ` · ${entry.details.errors.length} errors` : ''}
                    {entry.details.warnings?.length
                      ? ` · ${entry.details.warnings.length} warnings`
                      : ''}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
