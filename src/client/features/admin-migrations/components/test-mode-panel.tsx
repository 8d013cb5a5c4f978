import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CheckCircle2, FlaskConical, TriangleAlert } from 'lucide-react';
import { EMPTY_SQL_MESSAGE, type DryRunResponse } from '#shared/contracts/admin-migrations';
import { MAX_DRY_RUN_SQL_LENGTH } from '#shared/migrations/dry-run';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useRunDryRun } from '../api/run-dry-run';
import {
  clearTestLog,
  disableTestMode,
  enableTestMode,
  recordTestOperation,
  useTestMode,
} from '../hooks/use-test-mode';
import { MessageList, Panel } from './panel';
import { TestOperationsLog } from './test-operations-log';

const storageFailure = (error: unknown) => {
  console.warn('Test mode could not be stored in this browser session.', error);
  toast.error('Error', { description: 'Test mode could not be saved in this browser.' });
};

export function TestModePanel() {
  const config = useTestMode();
  const active = config?.enabled === true;
  const [sql, setSql] = useState('');
  const [result, setResult] = useState<DryRunResponse | null>(null);
  const dryRun = useRunDryRun();
  const sqlId = useId();
  const hintId = useId();
  const blank = sql.trim().length === 0;

  const run = () => {
    if (blank) {
      toast.error('Error', { description: EMPTY_SQL_MESSAGE });
      return;
    }
    dryRun.mutate(
      { sql },
      {
        onSuccess: (analysis) => {
          setResult(analysis);
          if (analysis.passed) {
            toast.success('Dry-Run Passed', { description: 'Migration appears safe to execute' });
          } else {
            toast.error('Issues Detected', {
              description: 'Please review warnings and errors before proceeding',
            });
          }
          recordTestOperation('dry_run', analysis.passed ? 'success' : 'failure', {
            description: analysis.passed ? 'Dry-run passed' : 'Dry-run found issues',
            sqlLength: sql.length,
            affectedTables: analysis.dryRun.affectedTables,
            errors: [...analysis.dryRun.errors, ...analysis.validation.issues],
            warnings: analysis.dryRun.warnings,
          });
        },
        onError: (error) => {
          setResult(null);
          toast.error('Dry-Run Failed', { description: `Error: ${error.message}` });
          recordTestOperation('dry_run', 'failure', {
            description: `Dry-run failed: ${error.message}`,
            sqlLength: sql.length,
          });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  // Ctrl+Enter (Cmd+Enter) runs the dry-run from the text area.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!dryRun.isPending) run();
    }
  };

  const clear = () => {
    setSql('');
    setResult(null);
    dryRun.reset();
  };

  const enable = () => {
    try {
      enableTestMode();
      toast.success('Test Mode Enabled', {
        description: 'Database operations will be tracked for testing',
      });
    } catch (error) {
      storageFailure(error);
    }
  };

  const disable = () => {
    try {
      disableTestMode();
      toast.success('Test Mode Disabled', { description: 'Normal operation resumed' });
    } catch (error) {
      storageFailure(error);
    }
  };

  const clearLog = () => {
    try {
      clearTestLog();
      toast.success('Test Data Cleared', {
        description: 'All test operation data has been removed',
      });
    } catch (error) {
      storageFailure(error);
    }
  };

  return (
    <Panel
      id="test-mode"
      title="Test Mode and Dry-Run"
      icon={FlaskConical}
      description="Analyse migration SQL before you run it, and keep a log of what you tried."
      aside={
        <Badge tone={active ? 'beginner' : 'neutral'} aria-live="polite">
          {active ? 'Test Mode Active' : 'Test Mode Inactive'}
        </Badge>
      }
    >
      <Notice headingLevel={3} title="Test mode does not prevent real changes">
        It records the dry-runs and safety checks you run on this screen, in this browser tab only.
        The dry-run itself never touches the database: the SQL is read, not executed. SQL you run
        elsewhere (psql, or the Drizzle migrator when the server starts) still changes the database,
        whether test mode is on or off.
      </Notice>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={enable} disabled={active}>
          Enable
        </Button>
        <Button size="sm" variant="secondary" onClick={disable} disabled={!active}>
          Disable
        </Button>
        {active && config ? (
          <p className="text-sm text-ink-muted">
            Started {new Date(config.startedAt).toLocaleString()}
          </p>
        ) : null}
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-3">
        <Label htmlFor={sqlId}>Migration SQL</Label>
        <textarea
          id={sqlId}
          aria-describedby={hintId}
          value={sql}
          maxLength={MAX_DRY_RUN_SQL_LENGTH}
          onChange={(event) => setSql(event.target.value)}
          onKeyDown={onKeyDown}
          rows={10}
          spellCheck={false}
          placeholder={'BEGIN;\nALTER TABLE stories ADD COLUMN subtitle varchar(255);\nCOMMIT;'}
          className="block w-full rounded-xl border border-line bg-surface px-3 py-2 font-mono text-sm text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
        />
        <p id={hintId} className="text-sm text-ink-muted">
          Paste a migration (for instance a file from src/server/db/migrations). Up to{' '}
          {MAX_DRY_RUN_SQL_LENGTH.toLocaleString('en-US')} characters; Ctrl+Enter runs the dry-run.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="sm" disabled={blank || dryRun.isPending}>
            {dryRun.isPending ? 'Analyzing...' : 'Run Dry-Run'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={clear}
            disabled={dryRun.isPending || (sql === '' && result === null)}
          >
            Clear
          </Button>
        </div>
      </form>

      <div aria-live="polite">{result ? <DryRunResults result={result} /> : null}</div>

      <TestOperationsLog config={config} onClear={clearLog} />
    </Panel>
  );
}

function DryRunResults({ result }: { result: DryRunResponse }) {
  const { dryRun, validation, passed } = result;
  const Icon = passed ? CheckCircle2 : TriangleAlert;
  return (
    <div
      data-testid="dry-run-results"
      className={cn(
        'mt-6 space-y-4 rounded-xl border px-4 py-4',
        passed
          ? 'border-level-beginner-ink/30 bg-level-beginner/40'
          : 'border-accent/40 bg-accent-soft',
      )}
    >
      <h3
        className={cn(
          'flex items-center gap-2 text-lg font-semibold',
          passed ? 'text-level-beginner-ink' : 'text-accent-soft-ink',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
        {passed ? 'Analysis Passed' : 'Issues Detected'}
      </h3>
      <div>
        <h4 className="text-sm font-semibold">Affected tables</h4>
        {dryRun.affectedTables.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Affected tables">
            {dryRun.affectedTables.map((table) => (
              <li key={table}>
                <Badge className="font-mono">{table}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-ink-muted">No tables created, altered or dropped.</p>
        )}
      </div>
      <MessageList title="Errors" items={dryRun.errors} tone="error" />
      <MessageList title="Warnings" items={dryRun.warnings} tone="warning" />
      <MessageList title="Validation Issues" items={validation.issues} tone="issue" />
    </div>
  );
}
