import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { exportDeckApkg, exportDeckCsv } from '#client/lib/deck-export/export-deck';
import { toast } from '#client/lib/toast';
import { fetchAllSavedItems } from '../api/review-api';
import { toDeckItem } from '../deck-items';
import { reviewTexts } from '../review-texts';

type ExportState = { kind: 'idle' } | { kind: 'running'; done: number; total: number | null };

/** CSV and Anki package downloads of every saved item, with progress while clips are cut. */
export function DeckExportPanel() {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const [message, setMessage] = useState('');

  const run = async (format: 'csv' | 'apkg') => {
    setMessage('');
    setState({ kind: 'running', done: 0, total: null });
    try {
      const items = (await fetchAllSavedItems()).map(toDeckItem);
      if (items.length === 0) {
        setMessage(reviewTexts.exportEmpty);
        return;
      }
      if (format === 'csv') exportDeckCsv(items);
      else
        await exportDeckApkg(items, ({ done, total }) =>
          setState({ kind: 'running', done, total }),
        );
      setMessage(reviewTexts.exportDone);
    } catch {
      toast.error(reviewTexts.exportFailed);
    } finally {
      setState({ kind: 'idle' });
    }
  };

  const running = state.kind === 'running';
  return (
    <div className="space-y-4">
      <p className="text-ink-muted">{reviewTexts.exportLead}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="secondary"
          disabled={running}
          onClick={() => void run('csv')}
        >
          {reviewTexts.exportCsv}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={running}
          aria-busy={running}
          onClick={() => void run('apkg')}
        >
          {reviewTexts.exportApkg}
        </Button>
      </div>
      <p role="status" className="text-sm text-ink-muted" data-testid="export-status">
        {running
          ? state.total === null
            ? reviewTexts.exportPreparing
            : reviewTexts.exportCutting(state.done, state.total)
          : message}
      </p>
      {running && state.total ? (
        <progress
          className="w-full"
          max={state.total}
          value={state.done}
          aria-label="Export progress"
        />
      ) : null}
    </div>
  );
}
