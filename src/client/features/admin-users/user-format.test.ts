import { describe, expect, it } from 'vitest';
import { displayNameOf, formatJoined } from './user-format';

describe('displayNameOf', () => {
  it('uses the full name, or the e-mail when the name is missing or blank', () => {
    expect(displayNameOf({ fullName: 'Ana García', email: 'ana@example.com' })).toBe('Ana García');
    expect(displayNameOf({ fullName: null, email: 'ana@example.com' })).toBe('ana@example.com');
    expect(displayNameOf({ fullName: '   ', email: 'ana@example.com' })).toBe('ana@example.com');
  });
});

describe('formatJoined', () => {
  it("uses the spec's 'MMM dd, yyyy' format", () => {
    expect(formatJoined('2025-06-01T12:00:00.000Z')).toBe('Jun 01, 2025');
    expect(formatJoined('2024-12-25T12:00:00.000Z')).toBe('Dec 25, 2024');
  });
});
