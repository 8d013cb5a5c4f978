// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { comprehensionKey } from './use-comprehension-keys';

const element = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild!;
};
const press = (key: string, target: EventTarget | null = document.body, extra = {}) =>
  comprehensionKey({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...extra });

describe('the keys of the questions page', () => {
  it('1 to 4 pick an option, Enter confirms, on the page or an option', () => {
    expect(press('1')).toEqual({ pick: 0 });
    expect(press('4')).toEqual({ pick: 3 });
    expect(press('Enter')).toBe('enter');
    const radio = element('<input type="radio">');
    expect(press('2', radio)).toEqual({ pick: 1 });
    expect(press('Enter', radio)).toBe('enter');
  });

  it('leaves Enter to buttons and links, keys with modifiers to the browser, other keys alone', () => {
    expect(press('Enter', element('<button>Next</button>'))).toBeNull();
    expect(press('Enter', element('<a href="/player">Back</a>'))).toBeNull();
    expect(press('1', document.body, { ctrlKey: true })).toBeNull();
    expect(press('0')).toBeNull();
    expect(press('a')).toBeNull();
    expect(press('1', element('<input type="text">'))).toBeNull();
  });
});
