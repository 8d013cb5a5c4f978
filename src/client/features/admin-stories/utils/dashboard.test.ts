import { describe, expect, it } from 'vitest';
import {
  dashboardCounters,
  filterDashboardStories,
  hasActiveFilters,
  lastPosition,
  noFilters,
  type DashboardStory,
} from './dashboard';

const story = (overrides: Partial<DashboardStory>): DashboardStory => ({
  title: 'Story',
  description: null,
  level: 'Beginner',
  status: 'draft',
  position: 1,
  complete: false,
  ...overrides,
});

const library = [
  story({
    title: 'El faro',
    description: 'Cartas junto al mar',
    status: 'published',
    complete: true,
  }),
  story({ title: 'La panadería', level: 'Intermediate', position: 2 }),
  story({ title: 'Los olivos', description: null, level: 'Advanced', position: 3 }),
];

describe('filterDashboardStories', () => {
  it('searches title and description without case', () => {
    expect(filterDashboardStories(library, { ...noFilters, search: 'MAR' })).toEqual([library[0]]);
    expect(filterDashboardStories(library, { ...noFilters, search: ' olivos ' })).toEqual([
      library[2],
    ]);
  });

  it('filters by level and status together', () => {
    expect(filterDashboardStories(library, { ...noFilters, level: 'Intermediate' })).toEqual([
      library[1],
    ]);
    expect(filterDashboardStories(library, { ...noFilters, status: 'draft' })).toHaveLength(2);
    expect(
      filterDashboardStories(library, { search: '', level: 'Beginner', status: 'draft' }),
    ).toEqual([]);
    expect(filterDashboardStories(library, noFilters)).toEqual(library);
  });
});

describe('dashboardCounters', () => {
  it('counts total, published, drafts and complete stories', () => {
    expect(dashboardCounters(library)).toEqual({ total: 3, published: 1, drafts: 2, complete: 1 });
    expect(dashboardCounters([])).toEqual({ total: 0, published: 0, drafts: 0, complete: 0 });
  });
});

describe('hasActiveFilters and lastPosition', () => {
  it('tell filters apart from no filters, and find the last position', () => {
    expect(hasActiveFilters(noFilters)).toBe(false);
    expect(hasActiveFilters({ ...noFilters, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...noFilters, status: 'published' })).toBe(true);
    expect(lastPosition(library)).toBe(3);
    expect(lastPosition([])).toBe(0);
  });
});
