import { describe, expect, it } from 'vitest';
import { isAcceptTimingKey } from './editor-keys';

describe('the editor’s accept key', () => {
  it('is T in either case, on a word’s start or one of its row’s buttons', () => {
    expect(isAcceptTimingKey({ key: 't' }, 'other')).toBe(true);
    expect(isAcceptTimingKey({ key: 'T' }, 'control')).toBe(true);
  });

  it('is not T typed in a field, held down, composed, or with a modifier', () => {
    expect(isAcceptTimingKey({ key: 't' }, 'text')).toBe(false);
    expect(isAcceptTimingKey({ key: 't', repeat: true }, 'other')).toBe(false);
    expect(isAcceptTimingKey({ key: 't', isComposing: true }, 'other')).toBe(false);
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(isAcceptTimingKey({ key: 't', [modifier]: true }, 'other')).toBe(false);
    }
  });

  it('is no other key of the editor', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Enter', ' ', 'j', 'Escape', 'y']) {
      expect(isAcceptTimingKey({ key }, 'other')).toBe(false);
    }
  });
});
