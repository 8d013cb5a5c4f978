import { describe, expect, it } from 'vitest';
import {
  auditActionGroups,
  auditActionLabel,
  auditActionsByGroup,
  auditDetailKeyLabel,
  auditDetailLines,
  auditDetailValue,
} from './audit-actions.ts';
import { auditActions } from './contracts/audit.ts';

describe('audit action labels', () => {
  it('names every action, in words, once in one group', () => {
    const grouped = auditActionsByGroup();
    expect(grouped.map((group) => group.group)).toEqual([...auditActionGroups]);
    const listed = grouped.flatMap((group) => group.actions.map((item) => item.action));
    expect([...listed].sort()).toEqual([...auditActions].sort());
    for (const group of grouped) expect(group.actions.length, group.group).toBeGreaterThan(0);
    const labels = listed.map(auditActionLabel);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).not.toMatch(/_/);
  });

  it('says what the common ones mean', () => {
    expect(auditActionLabel('role_changed')).toBe('Role changed');
    expect(auditActionLabel('tracking_tag_updated')).toBe('Tracking tag updated');
    expect(auditActionLabel('contact_message_handled')).toBe('Contact message marked handled');
  });

  it('shows an action it does not know as stored', () => {
    expect(auditActionLabel('legacy_thing')).toBe('legacy_thing');
    // Not fooled by the prototype of the label table.
    expect(auditActionLabel('toString')).toBe('toString');
  });
});

describe('audit details as key: value lines', () => {
  it('turns keys into words, acronyms in capitals', () => {
    expect(auditDetailKeyLabel('story_id')).toBe('Story ID');
    expect(auditDetailKeyLabel('file_ids')).toBe('File IDs');
    expect(auditDetailKeyLabel('changedFields')).toBe('Changed fields');
    expect(auditDetailKeyLabel('trackingTagId')).toBe('Tracking tag ID');
    expect(auditDetailKeyLabel('support_tier_1_amount')).toBe('Support tier 1 amount');
  });

  it('writes values readably', () => {
    expect(auditDetailValue(true)).toBe('yes');
    expect(auditDetailValue(false)).toBe('no');
    expect(auditDetailValue(3)).toBe('3');
    expect(auditDetailValue('<b>as written</b>')).toBe('<b>as written</b>');
    expect(auditDetailValue(null)).toBe('—');
    expect(auditDetailValue([])).toBe('—');
    expect(auditDetailValue(['tagName', 'tagId'])).toBe('tagName, tagId');
    expect(auditDetailValue({ a: 1 })).toBe('{"a":1}');
    expect(auditDetailValue([{ a: 1 }, 2])).toBe('{"a":1}, 2');
  });

  it('puts what the entry is about first, leaves out the housekeeping keys', () => {
    const lines = auditDetailLines({
      story_id: 's1',
      chapters: 2,
      title: 'La casa',
      timestamp: '2025-01-01T00:00:00Z',
      ip_address: '127.0.0.1',
      user_agent: 'x',
    });
    expect(lines).toEqual([
      { key: 'title', label: 'Title', value: 'La casa' },
      { key: 'chapters', label: 'Chapters', value: '2' },
      { key: 'story_id', label: 'Story ID', value: 's1' },
    ]);
  });
});
