// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AppliedMigrations,
  DryRunResponse,
  MigrationRecord,
  SafetyReport,
} from '#shared/contracts/admin-migrations';
import { analyseMigration } from '#shared/migrations/dry-run';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const HISTORY_KEY = 'relatos.migrations.history';
const SAFETY_KEY = 'relatos.migrations.lastSafetyCheck';
const TEST_MODE_KEY = 'relatos.migrations.testMode';

const DANGEROUS = 'DROP DATABASE relatos;\nUPDATE auth.users SET x = 1;';
const SAFE = 'BEGIN;\nCREATE TABLE public.notes (id int);\nCOMMIT;';

const safeReport: SafetyReport = {
  safe: true,
  timestamp: '2025-05-01T10:00:00.000Z',
  checks: [
    {
      name: 'Profiles access',
      passed: true,
      severity: 'info',
      message: 'The profiles table can be read.',
    },
    {
      name: 'Progress tracking access',
      passed: true,
      severity: 'info',
      message: 'The user_story_progress table can be read.',
    },
    {
      name: 'Stories and chapters access',
      passed: true,
      severity: 'info',
      message: 'The stories and chapters tables can be read.',
    },
    {
      name: 'Storage buckets',
      passed: true,
      severity: 'info',
      message: 'The storage buckets audios, trans, series-images can be reached.',
    },
  ],
};

const unsafeReport: SafetyReport = {
  ...safeReport,
  safe: false,
  checks: [
    {
      name: 'Profiles access',
      passed: false,
      severity: 'critical',
      message: 'The profiles table cannot be read: relation "profiles" does not exist',
    },
    {
      name: 'Storage buckets',
      passed: false,
      severity: 'warning',
      message: 'The storage buckets cannot be reached: ENOENT',
    },
  ],
};

/** The server's answer to a dry-run: the same shared analyser. */
const analyse = (init: RequestInit | undefined) => {
  const { sql } = JSON.parse(String(init?.body)) as { sql: string };
  return json(200, analyseMigration(sql) satisfies DryRunResponse);
};

function stub(routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionOf(adminFixture),
    'POST /api/admin/migrations/dry-run': analyse,
    'POST /api/admin/migrations/safety-checks': () => json(200, safeReport),
    'GET /api/admin/migrations/records': () => json(200, { records: [] }),
    'GET /api/admin/migrations/applied': () =>
      json(200, { applied: [], pending: [] } satisfies AppliedMigrations),
    ...routes,
  });
}

async function openPage() {
  const view = renderApp('/admin/migrations');
  await screen.findByRole('heading', { level: 1, name: 'Database Migrations' });
  return view;
}

const panel = (name: string) => screen.getByRole('region', { name });
const sqlBox = () => screen.getByLabelText('Migration SQL');

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('migrations screen', () => {
  it('shows the title, subtitle and the four panels in order', async () => {
    stub();
    await openPage();
    expect(document.title).toBe('Relatos — Database Migrations');
    expect(screen.getByText('Monitor and manage database migrations safely')).toBeVisible();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Migration Safety Guide',
      'Test Mode and Dry-Run',
      'Migration Safety Checks',
      'Migration History',
    ]);
  });

  it('opens and closes the guide sections; the checklist has five steps', async () => {
    stub();
    const user = userEvent.setup();
    await openPage();
    const guide = panel('Migration Safety Guide');
    const titles = within(guide)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(titles).toEqual([
      'Pre-Migration Checklist',
      'Best Practices',
      'Common Migration Patterns',
      'Emergency Recovery Procedures',
      'Common Issues and Solutions',
      'Quick Reference',
    ]);
    const checklist = within(guide).getByRole('button', { name: 'Pre-Migration Checklist' });
    expect(checklist).toHaveAttribute('aria-expanded', 'false');
    expect(within(guide).queryByText(/Run a health check/)).not.toBeInTheDocument();

    await user.click(checklist);
    expect(checklist).toHaveAttribute('aria-expanded', 'true');
    const steps = within(within(guide).getByRole('region', { name: 'Pre-Migration Checklist' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toHaveLength(5);
    expect(steps[0]).toMatch(/^Run a health check/);
    expect(steps[1]).toMatch(/^Run the safety checks/);
    expect(steps[2]).toMatch(/^Dry-run the SQL/);
    expect(steps[3]).toMatch(/^Document the migration/);
    expect(steps[4]).toMatch(/^Prepare rollback SQL/);

    await user.click(within(guide).getByRole('button', { name: 'Common Issues and Solutions' }));
    expect(
      within(guide).getByText(/Relatos does not use PostgreSQL row-level security/),
    ).toBeVisible();
    expect(within(guide).getByText(/Permission denied/)).toBeVisible();
    expect(within(guide).getByText(/Column missing/)).toBeVisible();
    expect(within(guide).getByText('Storage access denied')).toBeVisible();

    await user.click(checklist);
    expect(checklist).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('dry-run', () => {
  it('keeps Run Dry-Run disabled while the SQL is blank, and Ctrl+Enter says why', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    await openPage();
    const run = screen.getByRole('button', { name: 'Run Dry-Run' });
    expect(run).toBeDisabled();
    await user.type(sqlBox(), '   ');
    expect(run).toBeDisabled();
    await user.type(sqlBox(), '{Control>}{Enter}{/Control}');
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Please enter SQL to test' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('dry-run'))).toBe(false);
  });

  it('sends the SQL to the server, shows Analyzing..., then the issues', async () => {
    let answer: (response: Response) => void = () => undefined;
    let sent: unknown;
    stub({
      'POST /api/admin/migrations/dry-run': (init) => {
        sent = JSON.parse(String(init?.body));
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const user = userEvent.setup();
    await openPage();
    fireEvent.change(sqlBox(), { target: { value: DANGEROUS } });
    await user.click(screen.getByRole('button', { name: 'Run Dry-Run' }));
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    expect(sent).toEqual({ sql: DANGEROUS });

    answer(json(200, analyseMigration(DANGEROUS)));
    const results = await screen.findByTestId('dry-run-results');
    expect(within(results).getByRole('heading', { name: 'Issues Detected' })).toBeVisible();
    const list = (title: string) =>
      within(within(results).getByRole('heading', { name: title }).parentElement!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(list('Errors')).toEqual(['DROP DATABASE detected - extremely dangerous']);
    expect(list('Warnings')).toEqual([
      'UPDATE without WHERE detected - every row of the table is changed',
      'No transaction block detected - consider wrapping migration in BEGIN/COMMIT',
    ]);
    expect(list('Validation Issues')).toEqual([
      'Direct modification of auth.users detected - use triggers and functions instead',
    ]);
    expect(within(results).getByText('No tables created, altered or dropped.')).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Issues Detected', {
      description: 'Please review warnings and errors before proceeding',
    });
    expect(screen.getByRole('button', { name: 'Run Dry-Run' })).toBeEnabled();
  });

  it('passes a safe migration and lists its tables; Clear empties the form', async () => {
    stub();
    const user = userEvent.setup();
    await openPage();
    fireEvent.change(sqlBox(), { target: { value: SAFE } });
    await user.click(screen.getByRole('button', { name: 'Run Dry-Run' }));
    const results = await screen.findByTestId('dry-run-results');
    expect(within(results).getByRole('heading', { name: 'Analysis Passed' })).toBeVisible();
    expect(within(results).getByRole('list', { name: 'Affected tables' })).toHaveTextContent(
      'notes',
    );
    expect(within(results).queryByRole('heading', { name: 'Errors' })).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Dry-Run Passed', {
      description: 'Migration appears safe to execute',
    });

    await user.click(within(panel('Test Mode and Dry-Run')).getByRole('button', { name: 'Clear' }));
    expect(sqlBox()).toHaveValue('');
    expect(screen.queryByTestId('dry-run-results')).not.toBeInTheDocument();
  });

  it('never calls a destructive migration safe, even when the spec rules pass it', async () => {
    stub();
    const user = userEvent.setup();
    await openPage();
    fireEvent.change(sqlBox(), { target: { value: 'BEGIN;\nDELETE FROM bookmarks;\nCOMMIT;' } });
    await user.click(screen.getByRole('button', { name: 'Run Dry-Run' }));
    const results = await screen.findByTestId('dry-run-results');
    expect(within(results).getByRole('heading', { name: 'Issues Detected' })).toBeVisible();
    expect(within(results).getByText(/DELETE without WHERE detected/)).toBeVisible();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Issues Detected', {
      description: 'Please review warnings and errors before proceeding',
    });
  });

  it("toasts 'Dry-Run Failed' when the server refuses", async () => {
    stub({
      'POST /api/admin/migrations/dry-run': () =>
        json(400, {
          error: { code: 'VALIDATION_ERROR', message: 'The request is not valid' },
        }),
    });
    const user = userEvent.setup();
    await openPage();
    fireEvent.change(sqlBox(), { target: { value: 'SELECT 1;' } });
    await user.click(screen.getByRole('button', { name: 'Run Dry-Run' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Dry-Run Failed', {
        description: 'Error: The request is not valid',
      }),
    );
    expect(screen.queryByTestId('dry-run-results')).not.toBeInTheDocument();
  });
});

describe('test mode', () => {
  it('is inactive by default: a dry-run is not recorded and a warning is logged', async () => {
    stub();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await openPage();
    expect(screen.getByText('Test Mode Inactive')).toBeVisible();
    expect(screen.getByText(/Test mode does not prevent real changes/)).toBeVisible();
    expect(screen.getByText('Enable test mode to record operations.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();

    fireEvent.change(sqlBox(), { target: { value: SAFE } });
    await user.click(screen.getByRole('button', { name: 'Run Dry-Run' }));
    await screen.findByTestId('dry-run-results');
    expect(warn).toHaveBeenCalledWith(
      'Test mode is not active: the operation "dry_run" was not recorded.',
    );
    expect(sessionStorage.getItem(TEST_MODE_KEY)).toBeNull();
  });

  it('records dry-runs and safety checks while active; Clear Log and Disable empty it', async () => {
    stub();
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(screen.getByText('Test Mode Active')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Test Mode Enabled', {
      description: 'Database operations will be tracked for testing',
    });
    const stored = JSON.parse(sessionStorage.getItem(TEST_MODE_KEY)!) as {
      enabled: boolean;
      startedAt: string;
      testData: object;
    };
    expect(stored).toMatchObject({ enabled: true, testData: {} });
    expect(Number.isNaN(Date.parse(stored.startedAt))).toBe(false);
    expect(screen.getByText('No test operations recorded yet.')).toBeVisible();

    fireEvent.change(sqlBox(), { target: { value: DANGEROUS } });
    await user.click(screen.getByRole('button', { name: 'Run Dry-Run' }));
    const log = screen.getByRole('region', { name: 'Test Operations Log' });
    const first = await within(log).findByTestId('test-operation');
    expect(first).toHaveTextContent('Dry-run');
    expect(first).toHaveTextContent('failure');
    expect(first).toHaveTextContent('Dry-run found issues');
    expect(first).toHaveTextContent(`${DANGEROUS.length} characters`);

    await user.click(screen.getByRole('button', { name: 'Run Safety Checks' }));
    await waitFor(() => expect(within(log).getAllByTestId('test-operation')).toHaveLength(2));
    expect(within(log).getAllByTestId('test-operation')[0]).toHaveTextContent(
      '4 of 4 safety checks passed',
    );
    const testData = (
      JSON.parse(sessionStorage.getItem(TEST_MODE_KEY)!) as {
        testData: Record<string, { operation: string; details: { sqlLength?: number } }>;
      }
    ).testData;
    const keys = Object.keys(testData);
    expect(keys).toHaveLength(2);
    expect(keys.find((key) => key.startsWith('dry_run_'))).toMatch(/^dry_run_\d{13}$/);
    expect(keys.find((key) => key.startsWith('safety_checks_'))).toMatch(/^safety_checks_\d{13}$/);

    await user.click(screen.getByRole('button', { name: 'Clear Log' }));
    expect(toast.success).toHaveBeenCalledWith('Test Data Cleared', {
      description: 'All test operation data has been removed',
    });
    expect(within(log).queryByTestId('test-operation')).not.toBeInTheDocument();
    expect(screen.getByText('Test Mode Active')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(screen.getByText('Test Mode Inactive')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Test Mode Disabled', {
      description: 'Normal operation resumed',
    });
    expect(sessionStorage.getItem(TEST_MODE_KEY)).toBeNull();
  });

  it('keeps test mode for the session, across visits of the page', async () => {
    stub();
    sessionStorage.setItem(
      TEST_MODE_KEY,
      JSON.stringify({
        enabled: true,
        startedAt: '2025-05-01T10:00:00.000Z',
        testData: {
          dry_run_1746093600000: {
            operation: 'dry_run',
            result: 'success',
            details: { description: 'Dry-run passed', sqlLength: 12 },
            timestamp: '2025-05-01T10:00:00.000Z',
          },
        },
      }),
    );
    await openPage();
    expect(screen.getByText('Test Mode Active')).toBeVisible();
    expect(screen.getByTestId('test-operation')).toHaveTextContent('Dry-run passed');
  });
});

describe('safety checks', () => {
  it('runs the checks and shows a safe verdict, each check and the time', async () => {
    let answer: (response: Response) => void = () => undefined;
    stub({
      'POST /api/admin/migrations/safety-checks': () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    await openPage();
    const checks = panel('Migration Safety Checks');
    expect(
      within(checks).getByText('No safety checks have been run in this session yet.'),
    ).toBeVisible();
    await user.click(within(checks).getByRole('button', { name: 'Run Safety Checks' }));
    expect(within(checks).getByRole('button', { name: 'Running Checks...' })).toBeDisabled();

    answer(json(200, safeReport));
    expect(
      await within(checks).findByRole('heading', { name: 'System Safe for Migration' }),
    ).toBeVisible();
    expect(
      within(checks).getByText('All safety checks passed. System is ready for migrations.'),
    ).toBeVisible();
    const rows = within(checks).getAllByTestId('safety-check');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('img', { name: 'Severity: info' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'Passed' })).toBeInTheDocument();
    expect(within(checks).getByText(/^Last checked:/)).toBeVisible();
    expect(JSON.parse(sessionStorage.getItem(SAFETY_KEY)!)).toEqual(safeReport);
  });

  it('shows critical issues with their severity and a failed icon', async () => {
    stub({ 'POST /api/admin/migrations/safety-checks': () => json(200, unsafeReport) });
    const user = userEvent.setup();
    await openPage();
    const checks = panel('Migration Safety Checks');
    await user.click(within(checks).getByRole('button', { name: 'Run Safety Checks' }));
    expect(
      await within(checks).findByRole('heading', { name: 'Critical Issues Detected' }),
    ).toBeVisible();
    expect(
      within(checks).getByText('Please resolve critical issues before proceeding with migrations.'),
    ).toBeVisible();
    const [profiles, storage] = within(checks).getAllByTestId('safety-check');
    expect(within(profiles!).getByRole('img', { name: 'Severity: critical' })).toBeInTheDocument();
    expect(within(profiles!).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(within(storage!).getByRole('img', { name: 'Severity: warning' })).toBeInTheDocument();
  });

  it('shows the last report of the session when the page opens', async () => {
    stub();
    sessionStorage.setItem(SAFETY_KEY, JSON.stringify(unsafeReport));
    await openPage();
    expect(screen.getByRole('heading', { name: 'Critical Issues Detected' })).toBeVisible();
  });

  it('still shows the report when the session refuses to store it (a warning only)', async () => {
    stub();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Run Safety Checks' }));
    expect(await screen.findByRole('heading', { name: 'System Safe for Migration' })).toBeVisible();
    expect(warn).toHaveBeenCalledWith(
      'The migration safety report could not be stored in this session.',
      expect.any(DOMException),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts when the checks cannot be run', async () => {
    stub({
      'POST /api/admin/migrations/safety-checks': () =>
        json(403, {
          error: {
            code: 'FORBIDDEN',
            message: 'You do not have permission to perform this action',
          },
        }),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Run Safety Checks' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Safety checks failed', {
        description: 'Error: You do not have permission to perform this action',
      }),
    );
  });
});

describe('migration history', () => {
  /** A fake server: the records it keeps, and the bodies it was sent. */
  function recordsServer(initial: MigrationRecord[] = []) {
    let records = [...initial];
    const sent: unknown[] = [];
    let next = 1;
    const routes: Parameters<typeof stubApi>[0] = {
      'GET /api/admin/migrations/records': () => json(200, { records }),
      'POST /api/admin/migrations/records': (init) => {
        const body = JSON.parse(String(init?.body)) as {
          name: string;
          description: string;
          rollbackSql: string;
          appliedAt?: string;
        };
        sent.push(body);
        const record: MigrationRecord = {
          id: `00000000-0000-4000-8000-00000000000${next++}`,
          name: body.name,
          description: body.description,
          rollbackSql: body.rollbackSql,
          canRollback: body.rollbackSql !== '',
          appliedAt: body.appliedAt ?? '2025-06-01T10:00:00.000Z',
          recordedBy: 'admin@example.com',
          createdAt: '2025-06-01T10:00:00.000Z',
        };
        records = [record, ...records];
        return json(201, { record });
      },
      'DELETE /api/admin/migrations/records': () => {
        const deleted = records.length;
        records = [];
        return json(200, { deleted });
      },
    };
    for (const record of initial) {
      routes[`DELETE /api/admin/migrations/records/${record.id}`] = () => {
        records = records.filter((candidate) => candidate.id !== record.id);
        return new Response(null, { status: 204 });
      };
    }
    return { routes, sent, records: () => records };
  }

  const recordFixture: MigrationRecord = {
    id: '11111111-1111-4111-8111-111111111111',
    name: '0004_add_subtitle',
    description: 'Adds stories.subtitle',
    appliedAt: '2025-05-01T10:00:00.000Z',
    rollbackSql: 'ALTER TABLE stories DROP COLUMN subtitle;',
    canRollback: true,
    recordedBy: 'ana@example.com',
    createdAt: '2025-05-01T10:00:00.000Z',
  };

  it('requires a name, then records a migration on the server', async () => {
    const server = recordsServer();
    stub(server.routes);
    const user = userEvent.setup();
    await openPage();
    const history = panel('Migration History');
    expect(await within(history).findByText('No migrations recorded yet.')).toBeVisible();
    expect(within(history).getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(within(history).getByRole('button', { name: 'Clear' })).toBeDisabled();

    await user.click(within(history).getByRole('button', { name: 'Record Migration' }));
    expect(within(history).getByRole('alert')).toHaveTextContent('Migration name is required');
    expect(server.sent).toEqual([]);

    await user.type(within(history).getByLabelText('Name'), ' 0004_add_subtitle ');
    await user.type(within(history).getByLabelText('Description'), 'Adds stories.subtitle');
    fireEvent.change(within(history).getByLabelText('Rollback SQL'), {
      target: { value: '\nALTER TABLE stories DROP COLUMN subtitle;\n' },
    });
    await user.click(within(history).getByRole('button', { name: 'Record Migration' }));

    const row = await within(history).findByTestId('migration-record');
    expect(server.sent).toEqual([
      {
        name: '0004_add_subtitle',
        description: 'Adds stories.subtitle',
        rollbackSql: 'ALTER TABLE stories DROP COLUMN subtitle;',
      },
    ]);
    expect(row).toHaveTextContent('0004_add_subtitle');
    expect(row).toHaveTextContent('recorded by admin@example.com');
    expect(toast.success).toHaveBeenCalledWith('Migration Recorded', {
      description: '0004_add_subtitle',
    });
    expect(within(history).getByLabelText('Name')).toHaveValue('');
    // Nothing is kept in this browser.
    expect(localStorage.getItem(HISTORY_KEY)).toBeNull();

    await user.type(within(history).getByLabelText('Name'), '0005_no_undo');
    await user.click(within(history).getByRole('button', { name: 'Record Migration' }));
    expect(await within(history).findByText('No rollback SQL')).toBeVisible();
  });

  it('lists what the server applied beside the records, saying what does not match', async () => {
    stub({
      'GET /api/admin/migrations/applied': () =>
        json(200, {
          applied: [
            {
              tag: '0000_init',
              hash: 'a',
              createdAt: '2025-01-01T00:00:00.000Z',
              matchesFile: true,
            },
            {
              tag: '0001_accounts',
              hash: 'b',
              createdAt: '2025-01-02T00:00:00.000Z',
              matchesFile: false,
            },
            { tag: null, hash: 'c', createdAt: '2025-01-03T00:00:00.000Z', matchesFile: false },
          ],
          pending: ['0002_listening'],
        } satisfies AppliedMigrations),
    });
    await openPage();
    const applied = await screen.findByRole('list', { name: 'Applied migrations' });
    const rows = within(applied).getAllByTestId('applied-migration');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^0000_init.*Applied$/),
      expect.stringMatching(/^0001_accounts.*File edited after it was applied$/),
      expect.stringMatching(/^Not a file of this build.*Unknown file$/),
    ]);
    expect(screen.getByText(/applies these files when it next starts/)).toHaveTextContent(
      '0002_listening',
    );
  });

  it('shows the rollback SQL, copies it, and marks the migration as rolled back', async () => {
    const server = recordsServer([recordFixture]);
    stub(server.routes);
    const user = userEvent.setup();
    await openPage();
    await user.click(
      await screen.findByRole('button', { name: 'View Rollback for 0004_add_subtitle' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Rollback: 0004_add_subtitle' });
    expect(within(dialog).getByLabelText('Rollback SQL')).toHaveTextContent(
      'ALTER TABLE stories DROP COLUMN subtitle;',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('ALTER TABLE stories DROP COLUMN subtitle;');
    expect(toast.success).toHaveBeenCalledWith('Copied', expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Mark as rolled back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Migration Rolled Back', expect.anything());
    expect(server.records()).toEqual([]);
    expect(await screen.findByText('No migrations recorded yet.')).toBeVisible();
  });

  it('exports the history as a JSON download and clears it after confirmation', async () => {
    const server = recordsServer([recordFixture]);
    stub(server.routes);
    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((value: Blob) => {
          blob = value;
          return 'blob:history';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^migration-history-\d{4}-\d{2}-\d{2}\.json$/);
      expect(this.href).toBe('blob:history');
    });
    const user = userEvent.setup();
    await openPage();
    const history = panel('Migration History');
    await within(history).findByTestId('migration-record');
    await user.click(within(history).getByRole('button', { name: 'Export' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await blob!.text())).toEqual([recordFixture]);
    expect(toast.success).toHaveBeenCalledWith('Exported', expect.anything());

    await user.click(within(history).getByRole('button', { name: 'Clear' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Clear the migration history?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.records()).toEqual([recordFixture]);

    await user.click(within(history).getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('History Cleared'));
    expect(server.records()).toEqual([]);
    expect(await within(history).findByText('No migrations recorded yet.')).toBeVisible();
  });

  it('offers to move records an earlier version kept in this browser to the database', async () => {
    const server = recordsServer();
    stub(server.routes);
    localStorage.setItem(
      HISTORY_KEY,
      JSON.stringify([
        {
          id: 'local-1',
          name: '0003_payments',
          description: 'Payments',
          appliedAt: '2025-04-01T08:00:00.000Z',
          rollbackSql: 'DROP TABLE user_payments;',
          canRollback: true,
        },
      ]),
    );
    const user = userEvent.setup();
    await openPage();
    const notice = await screen.findByRole('heading', { name: 'Records kept in this browser' });
    expect(notice.parentElement).toHaveTextContent('One migration record is still kept');
    await user.click(screen.getByRole('button', { name: 'Move them to the database' }));
    expect(await screen.findByTestId('migration-record')).toHaveTextContent('0003_payments');
    expect(server.sent).toEqual([
      {
        name: '0003_payments',
        description: 'Payments',
        rollbackSql: 'DROP TABLE user_payments;',
        appliedAt: '2025-04-01T08:00:00.000Z',
      },
    ]);
    expect(localStorage.getItem(HISTORY_KEY)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Records kept in this browser' })).toBeNull();
  });

  it('says when the records cannot be loaded', async () => {
    stub({
      'GET /api/admin/migrations/records': () =>
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }),
    });
    await openPage();
    expect(
      await screen.findByText(/The migration records could not be loaded: Something went wrong/),
    ).toBeVisible();
  });
});
