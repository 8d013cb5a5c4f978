import { GripVertical } from 'lucide-react';
import {
  useCallback,
  useId,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { cn } from '#client/lib/cn';

/**
 * Reordering a list three ways (decision 023): arrow buttons, drag and drop by a handle, and the
 * keyboard on that handle (arrow keys one place, Home and End to either end), each move told to
 * screen readers through a live region. Used by the stories table and the wizard's chapters.
 */

/** Where a keyboard move on a handle goes. */
export type KeyMove = 'up' | 'down' | 'first' | 'last';

const keyMoves: Partial<Record<string, KeyMove>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
};

/** The 0-based index a keyboard move leads to, or null when it leads nowhere. */
export function keyMoveTarget(move: KeyMove, index: number, count: number): number | null {
  const target =
    move === 'up' ? index - 1 : move === 'down' ? index + 1 : move === 'first' ? 0 : count - 1;
  return target < 0 || target >= count || target === index ? null : target;
}

export interface ReorderHandleProps extends Omit<
  ComponentPropsWithRef<'button'>,
  'onKeyDown' | 'children'
> {
  /** What the handle moves ('"Title"', 'chapter 2'): named in its label. */
  itemLabel: string;
  position: number;
  count: number;
  onKeyMove: (move: KeyMove) => void;
}

/**
 * The grip of a reorderable item: drag it (its drag props come from useDragReorder), or focus it
 * and use the arrow keys. A button so that it is reached by Tab and named; a click does nothing.
 */
export function ReorderHandle({
  itemLabel,
  position,
  count,
  onKeyMove,
  className,
  ...props
}: ReorderHandleProps) {
  const hintId = useId();
  return (
    <>
      <button
        type="button"
        aria-label={`Reorder ${itemLabel}, position ${position} of ${count}`}
        aria-describedby={hintId}
        title="Drag to reorder, or use the arrow keys"
        className={cn(
          'inline-flex size-8 cursor-grab touch-none items-center justify-center rounded-lg text-ink-muted',
          'hover:bg-surface-muted hover:text-ink active:cursor-grabbing',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          className,
        )}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          const move = keyMoves[event.key];
          if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
          event.preventDefault();
          onKeyMove(move);
        }}
        {...props}
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <span id={hintId} className="sr-only">
        Drag to another place, or press the up or down arrow key to move one place, Home or End to
        move first or last.
      </span>
    </>
  );
}

/**
 * HTML drag and drop between the items of one list: a handle starts the drag (the whole item is
 * its image), an item it hovers is the drop target, dropping calls `onDrop(dragged, target)`.
 */
export function useDragReorder(onDrop: (draggedId: string, targetId: string) => void) {
  // The events read the dragged item from a ref: the first dragover may come before React has
  // drawn the state set at dragstart, and an item that does not take it is no drop target.
  const draggedRef = useRef<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const end = useCallback(() => {
    draggedRef.current = null;
    setDragged(null);
    setOver(null);
  }, []);

  const handleProps = (id: string) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', id);
      const item = event.currentTarget.closest('[data-reorder-item]');
      if (item) event.dataTransfer.setDragImage(item, 24, 24);
      draggedRef.current = id;
      setDragged(id);
    },
    onDragEnd: end,
  });

  const itemProps = (id: string) => ({
    'data-reorder-item': id,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (draggedRef.current === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(id);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      // Leaving for one of its own children is not leaving.
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setOver((current) => (current === id ? null : current));
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const from = draggedRef.current;
      if (from !== null && from !== id) onDrop(from, id);
      end();
    },
  });

  return { dragged, over, handleProps, itemProps };
}

/**
 * A polite live region's text. Saying the same thing twice (two moves to the same place) still
 * changes the text, so it is read again.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback(
    (text: string) => setMessage((current) => (current === text ? `${text}\u00a0` : text)),
    [],
  );
  return { message, announce };
}

export function LiveRegion({ message }: { message: string }) {
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {message}
    </p>
  );
}
