/**
 * Where the wizard's "Position in Library" puts the story, as its review step says it. The
 * server's rule (decision 023): an empty position puts a new story last and leaves an edited one
 * where it is; a position past the end means last. So the review never shows a number the story
 * will not get ("1" for an empty field used to be shown while the story went last).
 */
export function placementText(
  typed: string,
  library: {
    /** Stories in the library now (the edited one included); undefined while loading. */
    count: number | undefined;
    /** The edited story's position; undefined for a new story. */
    currentPosition: number | undefined;
  },
): string {
  const { count, currentPosition } = library;
  const editing = currentPosition !== undefined;
  // The last place there will be: a new story adds one.
  const last = count === undefined ? undefined : editing ? count : count + 1;
  const lastText = last === undefined ? 'Last' : `Last (position ${last})`;
  const value = typed.trim();
  if (value === '') return editing ? `Unchanged (position ${currentPosition})` : lastText;
  const position = Number.parseInt(value, 10);
  return last !== undefined && position >= last ? lastText : String(position);
}
