// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '#shared/contracts/jobs';
import { JobProgress } from './job-progress';

afterEach(cleanup);

const job = (overrides: Partial<Job>): Job => ({
  id: '66666666-6666-4666-8666-666666666666',
  kind: 'align-chapter',
  status: 'running',
  stage: 'Reading the package',
  progress: 0.42,
  error: null,
  result: null,
  subjectId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  startedAt: '2025-01-01T00:00:01.000Z',
  finishedAt: null,
  ...overrides,
});

describe('job progress', () => {
  it('shows a running job’s stage and percent, and cancels it', async () => {
    const onCancel = vi.fn();
    render(<JobProgress job={job({})} label="Import progress" onCancel={onCancel} />);
    expect(screen.getByRole('status')).toHaveTextContent('Reading the package');
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText('42%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says a queued job waits, and disables Cancel while it is being cancelled', () => {
    render(
      <JobProgress
        job={job({ status: 'queued', progress: 0, stage: '' })}
        label="Import progress"
        onCancel={() => {}}
        cancelling
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Waiting to start…');
    expect(screen.getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
  });

  it('fills the bar when finished and offers no Cancel', () => {
    render(
      <JobProgress
        job={job({ status: 'succeeded', progress: 0.99 })}
        label="Import progress"
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Finished');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('gives the reason of a failure as an alert', () => {
    render(
      <JobProgress
        job={job({ status: 'failed', error: 'The package has no story.json' })}
        label="Import progress"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The package has no story.json');
  });

  it('says a cancelled job was cancelled', () => {
    render(<JobProgress job={job({ status: 'cancelled' })} label="Import progress" />);
    expect(screen.getByRole('status')).toHaveTextContent('Cancelled');
  });
});
