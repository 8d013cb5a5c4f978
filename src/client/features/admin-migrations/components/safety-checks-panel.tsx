import {
  CheckCircle2,
  Info,
  OctagonAlert,
  ShieldAlert,
  ShieldCheck,
  TriangleAlert,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import {
  safetyResultText,
  type SafetyCheck,
  type SafetyReport,
  type SafetySeverity,
} from '#shared/contracts/admin-migrations';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useRunSafetyChecks } from '../api/run-safety-checks';
import { lastSafetyReport } from '../hooks/migration-stores';
import { recordTestOperation } from '../hooks/use-test-mode';
import { Panel } from './panel';

const severityIcons: Record<SafetySeverity, { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: 'text-ink-muted' },
  warning: { icon: TriangleAlert, className: 'text-level-intermediate-ink' },
  critical: { icon: OctagonAlert, className: 'text-accent-ink' },
};

/** Keeps the report for this session; failing to store it only logs a warning (spec §8). */
function storeReport(report: SafetyReport) {
  try {
    lastSafetyReport.write(report);
  } catch (error) {
    console.warn('The migration safety report could not be stored in this session.', error);
  }
}

export function SafetyChecksPanel() {
  const stored = lastSafetyReport.use();
  const checks = useRunSafetyChecks();
  // This run's answer first: it is shown even when the session refused to store it.
  const report = checks.data ?? stored;

  const run = () => {
    checks.mutate(undefined, {
      onSuccess: (fresh) => {
        storeReport(fresh);
        const failed = fresh.checks.filter((check) => !check.passed).length;
        recordTestOperation('safety_checks', fresh.safe ? 'success' : 'failure', {
          description: `${fresh.checks.length - failed} of ${fresh.checks.length} safety checks passed`,
        });
      },
      onError: (error) => {
        console.error('Migration safety checks failed', error);
        toast.error('Safety checks failed', { description: `Error: ${error.message}` });
      },
    });
  };

  return (
    <Panel
      id="safety-checks"
      title="Migration Safety Checks"
      icon={ShieldCheck}
      description="Checks that the tables and storage the app depends on can be read before you migrate."
      aside={
        <Button size="sm" onClick={run} disabled={checks.isPending}>
          {checks.isPending ? 'Running Checks...' : 'Run Safety Checks'}
        </Button>
      }
    >
      <div aria-live="polite">
        {report ? (
          <SafetyReportView report={report} />
        ) : (
          <p className="text-ink-muted">No safety checks have been run in this session yet.</p>
        )}
      </div>
    </Panel>
  );
}

function SafetyReportView({ report }: { report: SafetyReport }) {
  const Verdict = report.safe ? ShieldCheck : ShieldAlert;
  return (
    <div data-testid="safety-report" className="space-y-4">
      <div
        className={cn(
          'rounded-xl border px-4 py-3',
          report.safe
            ? 'border-level-beginner-ink/30 bg-level-beginner/40'
            : 'border-accent/40 bg-accent-soft',
        )}
      >
        <h3
          className={cn(
            'flex items-center gap-2 text-lg font-semibold',
            report.safe ? 'text-level-beginner-ink' : 'text-accent-soft-ink',
          )}
        >
          <Verdict aria-hidden="true" className="size-5" />
          {report.safe ? 'System Safe for Migration' : 'Critical Issues Detected'}
        </h3>
        <p className="mt-1 text-sm">
          {report.safe ? safetyResultText.safe : safetyResultText.unsafe}
        </p>
      </div>
      <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Safety checks">
        {report.checks.map((check) => (
          <SafetyCheckRow key={check.name} check={check} />
        ))}
      </ul>
      <p className="text-sm text-ink-muted">
        Last checked:{' '}
        <time dateTime={report.timestamp}>{new Date(report.timestamp).toLocaleString()}</time>
      </p>
    </div>
  );
}

function SafetyCheckRow({ check }: { check: SafetyCheck }) {
  const severity = severityIcons[check.severity];
  const SeverityIcon = severity.icon;
  const PassIcon = check.passed ? CheckCircle2 : XCircle;
  return (
    <li data-testid="safety-check" className="flex items-start gap-3 px-4 py-3">
      <SeverityIcon
        role="img"
        aria-label={`Severity: ${check.severity}`}
        className={cn('mt-0.5 size-5 shrink-0', severity.className)}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{check.name}</p>
        <p className="text-sm break-words text-ink-muted">{check.message}</p>
      </div>
      <PassIcon
        role="img"
        aria-label={check.passed ? 'Passed' : 'Failed'}
        className={cn(
          'mt-0.5 size-5 shrink-0',
          check.passed ? 'text-level-beginner-ink' : 'text-accent-ink',
        )}
      />
    </li>
  );
}
