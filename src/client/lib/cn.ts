/** Joins class names, skipping falsy values. (No merge logic: components avoid conflicting classes.) */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
