import { describe, expect, it } from 'vitest';
import { keyMoveTarget } from './reorder';

describe('keyMoveTarget', () => {
  it('moves one place up or down, or to either end', () => {
    expect(keyMoveTarget('up', 2, 5)).toBe(1);
    expect(keyMoveTarget('down', 2, 5)).toBe(3);
    expect(keyMoveTarget('first', 2, 5)).toBe(0);
    expect(keyMoveTarget('last', 2, 5)).toBe(4);
  });

  it('leads nowhere past an end or to the place it is in', () => {
    expect(keyMoveTarget('up', 0, 5)).toBeNull();
    expect(keyMoveTarget('first', 0, 5)).toBeNull();
    expect(keyMoveTarget('down', 4, 5)).toBeNull();
    expect(keyMoveTarget('last', 4, 5)).toBeNull();
    expect(keyMoveTarget('down', 0, 1)).toBeNull();
  });
});
