import { describe, expect, it } from 'vitest';
import { reviewCommand, type KeyPress } from './review-keys';

const on = (press: KeyPress | string, target: 'text' | 'control' | 'other' = 'other') =>
  reviewCommand(typeof press === 'string' ? { key: press } : press, target, 'sentence');

describe('review keys on a sentence', () => {
  it('maps the documented keys to their commands, letters in either case', () => {
    expect(on('Enter')).toEqual({ type: 'approve' });
    expect(on('e')).toEqual({ type: 'edit-translation' });
    expect(on('E')).toEqual({ type: 'edit-translation' });
    expect(on('r')).toEqual({ type: 'replay' });
    expect(on(' ')).toEqual({ type: 'replay' });
    expect(on('3')).toEqual({ type: 'gloss', number: 3 });
    expect(on('t')).toEqual({ type: 'accept-timing' });
    expect(on('ArrowLeft')).toEqual({ type: 'previous' });
    expect(on('ArrowRight')).toEqual({ type: 'next' });
    expect(on('s')).toEqual({ type: 'save' });
    expect(on({ key: 's', ctrlKey: true })).toEqual({ type: 'save' });
    expect(on({ key: 'S', metaKey: true })).toEqual({ type: 'save' });
    expect(on('0')).toBeNull();
    expect(on('x')).toBeNull();
  });

  it('leaves a field its own keys, but Ctrl+S still saves from one', () => {
    for (const key of ['Enter', 'e', 'r', '1', 't', 'ArrowLeft', 's', ' ', 'Escape']) {
      expect(on(key, 'text')).toBeNull();
    }
    expect(on({ key: 's', ctrlKey: true }, 'text')).toEqual({ type: 'save' });
  });

  it('lets a focused button take Enter and Space, and keeps the other keys', () => {
    expect(on('Enter', 'control')).toBeNull();
    expect(on(' ', 'control')).toBeNull();
    expect(on('e', 'control')).toEqual({ type: 'edit-translation' });
    expect(on('2', 'control')).toEqual({ type: 'gloss', number: 2 });
  });

  it('ignores other modifiers, composition and held keys (a held Enter approves one sentence)', () => {
    expect(on({ key: 'e', ctrlKey: true })).toBeNull();
    expect(on({ key: 'Enter', altKey: true })).toBeNull();
    expect(on({ key: 'r', isComposing: true })).toBeNull();
    expect(on({ key: 'Enter', repeat: true })).toBeNull();
    expect(on({ key: 't', repeat: true })).toBeNull();
    expect(on({ key: 'ArrowRight', repeat: true })).toEqual({ type: 'next' });
  });
});

describe('review keys elsewhere', () => {
  it('while choosing a gloss: digits pick a sense, a letter starts one’s own, Esc closes', () => {
    expect(reviewCommand({ key: '2' }, 'control', 'choosing')).toEqual({
      type: 'choose',
      number: 2,
    });
    expect(reviewCommand({ key: 'p' }, 'control', 'choosing')).toEqual({
      type: 'type-gloss',
      text: 'p',
    });
    expect(reviewCommand({ key: 'Escape' }, 'control', 'choosing')).toEqual({ type: 'close' });
    expect(reviewCommand({ key: 'Enter' }, 'control', 'choosing')).toBeNull();
    expect(reviewCommand({ key: 'ArrowRight' }, 'other', 'choosing')).toBeNull();
  });

  it('while the translation is edited: only Esc, from outside the field', () => {
    expect(reviewCommand({ key: 'Escape' }, 'other', 'editing')).toEqual({ type: 'close' });
    expect(reviewCommand({ key: 'Enter' }, 'other', 'editing')).toBeNull();
  });

  it('on the summary: back and save only', () => {
    expect(reviewCommand({ key: 'ArrowLeft' }, 'other', 'summary')).toEqual({ type: 'previous' });
    expect(reviewCommand({ key: 's' }, 'other', 'summary')).toEqual({ type: 'save' });
    expect(reviewCommand({ key: 'Enter' }, 'other', 'summary')).toBeNull();
    expect(reviewCommand({ key: 'ArrowRight' }, 'other', 'summary')).toBeNull();
    expect(reviewCommand({ key: 'Escape' }, 'other', 'summary')).toBeNull();
  });
});
