import { describe, expect, it } from 'vitest';
import { planTrackingTag } from '../discover/tracking.ts';
import { checkTrackingTag, firstTrackingTagError, type TrackingTagFields } from './admin-tags.ts';

const base = { isActive: true, position: 'head' } as const;

describe('checkTrackingTag', () => {
  it.each<[TrackingTagFields['tagType'], string]>([
    ['gtm', 'GTM-AB12CD3'],
    ['gtm', 'gtm-abcd'],
    ['ga4', 'G-ABC123XYZ9'],
    ['facebook', '123456789012345'],
  ])('accepts a %s id (%s) that the injection rules then plan', (tagType, tagId) => {
    const result = checkTrackingTag({ ...base, tagName: 'Tag', tagType, tagId });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const plan = planTrackingTag({ ...result.value, id: 'row-1' });
    expect(plan?.provider).toEqual({ type: tagType, id: result.value.tagId });
    expect(plan?.scripts.every((script) => script.kind === 'external')).toBe(true);
    expect(plan?.origins.every((origin) => origin.startsWith('https://'))).toBe(true);
  });

  it.each([
    ['gtm', 'GTM-12'],
    ['gtm', 'GTM-ABC 123'],
    ['ga4', 'G-'],
    ['ga4', 'UA-1234-1'],
    ['facebook', '12345'],
    ['facebook', '12e45678'],
  ] as const)('refuses a %s id of the wrong format (%s)', (tagType, tagId) => {
    const result = checkTrackingTag({ ...base, tagName: 'Tag', tagType, tagId });
    expect(result).toMatchObject({ ok: false, errors: { tagId: expect.any(String) } });
  });

  it("requires a name ('Tag name is required') and trims it", () => {
    const blank = checkTrackingTag({ ...base, tagName: ' \n ', tagType: 'ga4', tagId: 'G-1234' });
    expect(blank).toEqual({ ok: false, errors: { tagName: 'Tag name is required' } });
    const ok = checkTrackingTag({ ...base, tagName: ' GA ', tagType: 'ga4', tagId: 'G-1234' });
    expect(ok).toMatchObject({ ok: true, value: { tagName: 'GA' } });
  });

  it('accepts a custom script with https sources, measured in bytes', () => {
    const script =
      '<script async src="https://cdn.example.com/t.js"></script><script>window.t = 1;</script>';
    const ok = checkTrackingTag({
      ...base,
      tagName: 'T',
      tagType: 'custom',
      scriptContent: script,
    });
    expect(ok).toMatchObject({ ok: true, value: { scriptContent: script, tagId: null } });

    // 10,241 two-byte characters: under 20 K characters, over 20 KB.
    const wide = checkTrackingTag({
      ...base,
      tagName: 'T',
      tagType: 'custom',
      scriptContent: `//${'é'.repeat(10_240)}`,
    });
    expect(wide).toEqual({
      ok: false,
      errors: { scriptContent: 'Script content must be at most 20 KB' },
    });
  });

  it('names the first problem in form order', () => {
    expect(firstTrackingTagError({ tagId: 'b', tagName: 'a' })).toBe('a');
    expect(firstTrackingTagError({ scriptContent: 'c' })).toBe('c');
  });
});
