import { buildDeckCsv } from './csv';
import { cutClips, loadChapterAudioInBrowser, type CutProgress } from './cut-clips';
import type { DeckItem } from './deck-item';

/** Offers `bytes` to the learner as a downloaded file. */
export function downloadFile(name: string, bytes: Uint8Array | string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; release it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const stamp = (now: Date) => now.toISOString().slice(0, 10);

export function exportDeckCsv(items: readonly DeckItem[], now = new Date()): void {
  downloadFile(`relatos-deck-${stamp(now)}.csv`, buildDeckCsv(items), 'text/csv;charset=utf-8');
}

/**
 * Cuts every clip in this browser, builds the package and downloads it. sql.js and the package
 * builder load only when the learner asks for a package.
 */
export async function exportDeckApkg(
  items: readonly DeckItem[],
  onProgress: (progress: CutProgress) => void,
  now = new Date(),
): Promise<void> {
  const [{ loadSqlJs }, { buildApkg }] = await Promise.all([
    import('./sql-js-browser'),
    import('./apkg'),
  ]);
  const SQL = await loadSqlJs();
  const clips = await cutClips(items, loadChapterAudioInBrowser, onProgress);
  const apkg = buildApkg({ SQL, deckName: 'Relatos', items, clips, now });
  downloadFile(`relatos-deck-${stamp(now)}.apkg`, apkg, 'application/octet-stream');
}
