import type { KeyTarget } from '../rules/review-keys';

const TEXT_INPUT = /^(?:text|search|email|url|tel|password|number)$/;

/** Where a key was pressed, for the studio's key rules: a field, a control, or elsewhere. */
export function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return 'text';
  if (target instanceof HTMLSelectElement) return 'text';
  if (target instanceof HTMLInputElement) return TEXT_INPUT.test(target.type) ? 'text' : 'control';
  return target.closest('button, a[href], [role="button"], summary') ? 'control' : 'other';
}
