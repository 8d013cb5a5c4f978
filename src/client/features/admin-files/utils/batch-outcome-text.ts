import type { BatchOutcome } from '../hooks/use-upload-queue';

const files = (count: number) => (count === 1 ? '1 file' : `${count} files`);

/**
 * What the Upload tab says after a batch that stored some files and refused others, where
 * `cardTitle` is the card's title: the view stays on the cards, whose list shows each refusal.
 * Null for any other batch: one that stored everything moves on to Manage Files, and one that
 * stored nothing has only its card's list to read.
 */
export function mixedBatchText({ stored, refused }: BatchOutcome, cardTitle: string) {
  if (stored === 0 || refused === 0) return null;
  const refusals = refused === 1 ? 'The refusal is' : 'The refusals are';
  const uploaded = stored === 1 ? 'the uploaded file is' : 'the uploaded files are';
  return `${cardTitle}: ${files(stored)} uploaded, ${refused} refused. ${refusals} listed on the card; ${uploaded} in Manage Files.`;
}
