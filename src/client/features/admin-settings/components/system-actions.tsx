import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Activity,
  CircleCheck,
  CircleX,
  DatabaseBackup,
  Download,
  RefreshCw,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { HealthCheck } from '#shared/contracts/admin-settings';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/lib/toast';
import { useClearCache } from '../api/clear-cache';
import { useHealthCheck } from '../api/run-health-check';
import { RELOAD_DELAY_MS, reloadPage } from '../reload-page';
import { SettingsSection, useSubsectionHeading } from './settings-section';

const checkLabels: Record<keyof HealthCheck['checks'], string> = {
  authentication: 'Authentication',
  database: 'Database',
  storage: 'Storage',
  translation: 'Translation services',
};

function ActionRow({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const Heading = useSubsectionHeading();
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
        <div>
          <Heading className="font-semibold text-ink">{title}</Heading>
          <p className="text-sm text-ink-muted">{description}</p>
        </div>
      </div>
      <div className="shrink-0">{children}</div>
    </li>
  );
}

/** System Actions: Clear Cache, Backup Database, Export User Data and System Health Check. */
export function SystemActions() {
  return (
    <SettingsSection
      title="System Actions"
      description="Maintenance tasks for the whole platform."
      icon={Wrench}
    >
      <ul className="divide-y divide-line">
        <ClearCacheAction />
        <ActionRow
          icon={DatabaseBackup}
          title="Backup Database"
          description="A copy of the database. This action is not available in this version."
        >
          {/* Shown as in the product specification, which gives it no behaviour. */}
          <Button variant="secondary">Backup Database</Button>
        </ActionRow>
        <ActionRow
          icon={Download}
          title="Export User Data"
          description="Every account's data in one file. This action is not available in this version."
        >
          {/* Shown as in the product specification, which gives it no behaviour. */}
          <Button variant="secondary">Export User Data</Button>
        </ActionRow>
        <HealthCheckAction />
      </ul>
    </SettingsSection>
  );
}

function ClearCacheAction() {
  const clear = useClearCache();
  const [reloading, setReloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setReloading(true);
        timer.current = setTimeout(reloadPage, RELOAD_DELAY_MS);
      },
      onError: () =>
        toast.error('Cache clear failure', {
          description: 'Failed to clear cache completely. Please try again.',
        }),
    });

  return (
    <ActionRow
      icon={RefreshCw}
      title="Clear Cache"
      description="Drops cached data in this browser and on every server instance, then reloads the page. You stay signed in."
    >
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button variant="secondary" disabled={clear.isPending || reloading} onClick={onClick}>
          {clear.isPending ? 'Clearing...' : 'Clear Cache'}
        </Button>
        <p role="status" className="text-sm text-ink-muted">
          {reloading ? 'Cache cleared. Reloading...' : ''}
        </p>
      </div>
    </ActionRow>
  );
}

function HealthCheckAction() {
  const Heading = useSubsectionHeading();
  const check = useHealthCheck();
  const [result, setResult] = useState<HealthCheck | null>(null);

  const onClick = () =>
    check.mutate(undefined, {
      onSuccess: (health) => {
        setResult(health);
        if (health.healthy) {
          toast.success('System Healthy', {
            description: 'Authentication, database and storage are working.',
          });
        } else {
          const failing = (Object.keys(checkLabels) as Array<keyof typeof checkLabels>)
            .filter((key) => !health.checks[key].ok)
            .map((key) => `${checkLabels[key]}: ${health.checks[key].message}`);
          toast.error('System Issues Detected', { description: failing.join('. ') });
        }
      },
      onError: () => {
        setResult(null);
        toast.error('Error', { description: 'Unable to complete system health check' });
      },
    });

  return (
    <li className="py-4 last:pb-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <Activity aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <div>
            <Heading className="font-semibold text-ink">System Health Check</Heading>
            <p className="text-sm text-ink-muted">
              Checks your session, the database, the file storage and the translation services.
            </p>
          </div>
        </div>
        <Button variant="secondary" disabled={check.isPending} onClick={onClick}>
          {check.isPending ? 'Checking...' : 'System Health Check'}
        </Button>
      </div>
      <div role="status" aria-label="Health check results">
        {result ? (
          <ul className="mt-4 space-y-2 rounded-xl border border-line bg-surface-muted p-4 text-sm">
            {(Object.keys(checkLabels) as Array<keyof typeof checkLabels>).map((key) => {
              const item = result.checks[key];
              const Icon = item.ok ? CircleCheck : CircleX;
              return (
                <li key={key} className="flex items-start gap-2">
                  <Icon
                    aria-hidden="true"
                    className={item.ok ? 'mt-0.5 size-4 text-ink' : 'mt-0.5 size-4 text-accent-ink'}
                  />
                  <span>
                    <span className="font-semibold">{checkLabels[key]}</span>{' '}
                    <span className={item.ok ? 'text-ink' : 'font-semibold text-accent-ink'}>
                      {item.ok ? 'OK' : 'Failed'}
                    </span>
                    <span className="text-ink-muted"> — {item.message}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
