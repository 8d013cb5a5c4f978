/**
 * The order after moving the item at `from` to `to` (0-based indexes in the list; the items in
 * between shift by one place to make room).
 */
export function movedInOrder<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}
