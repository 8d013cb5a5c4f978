import { describe, expect, it } from 'vitest';
import {
  chapterButtonLabel,
  chapterPercent,
  deriveStoryProgress,
  moreChaptersLabel,
  orderedChapters,
  progressByChapterId,
  storyProgressLabel,
  type ChapterProgressLike,
} from './story-progress.ts';
import { filterStories, isLevelFilter, matchesLevel, matchesSearch } from './library-search.ts';
import { imageSrcSet, imageUrl } from './images.ts';
import { siteIdentity } from '../site-identity.ts';
import { siteDescription, storyHeadTags, storyMeta } from './story-meta.ts';

const site = siteIdentity(undefined);

const story = (title: string, level: string, description: string | null, language = 'Spanish') => ({
  title,
  level,
  description,
  language,
});

const stories = [
  story('La panadería', 'Beginner', 'Lucía finds work in a bakery.'),
  story('El faro', 'Intermediate', 'Letters from a LIGHTHOUSE keeper.'),
  story('Los olivos', 'Advanced', null),
  story('Lisboa', 'Beginner', 'A trip by train.', 'Portuguese'),
];

describe('library search', () => {
  it('matches title, language, level and description, ignoring case', () => {
    expect(matchesSearch(stories[0]!, 'PANADERÍA')).toBe(true);
    expect(matchesSearch(stories[1]!, 'lighthouse')).toBe(true);
    expect(matchesSearch(stories[2]!, 'advanced')).toBe(true);
    expect(matchesSearch(stories[3]!, 'portuguese')).toBe(true);
    expect(matchesSearch(stories[0]!, 'spanish')).toBe(true);
  });

  it('treats a blank query as matching everything and tolerates a missing description', () => {
    expect(filterStories(stories, { query: '   ', level: 'all' })).toHaveLength(4);
    expect(matchesSearch(stories[2]!, 'bakery')).toBe(false);
  });

  it('finds nothing for a word no field contains', () => {
    expect(filterStories(stories, { query: 'submarine', level: 'all' })).toEqual([]);
  });

  it('trims the query', () => {
    expect(filterStories(stories, { query: '  faro ', level: 'all' }).map((s) => s.title)).toEqual([
      'El faro',
    ]);
  });
});

describe('level filter', () => {
  it('keeps every story for "all" and only the chosen level otherwise', () => {
    expect(matchesLevel(stories[0]!, 'all')).toBe(true);
    expect(filterStories(stories, { query: '', level: 'beginner' }).map((s) => s.title)).toEqual([
      'La panadería',
      'Lisboa',
    ]);
    expect(filterStories(stories, { query: '', level: 'intermediate' })).toHaveLength(1);
    expect(filterStories(stories, { query: '', level: 'advanced' })).toHaveLength(1);
  });

  it('combines with the search', () => {
    expect(filterStories(stories, { query: 'train', level: 'beginner' })).toHaveLength(1);
    expect(filterStories(stories, { query: 'train', level: 'advanced' })).toHaveLength(0);
  });

  it('recognises the four filter values only', () => {
    expect(['all', 'beginner', 'intermediate', 'advanced'].every(isLevelFilter)).toBe(true);
    expect(isLevelFilter('Beginner')).toBe(false);
    expect(isLevelFilter(undefined)).toBe(false);
  });
});

const row = (
  chapterId: string,
  progressPercentage: number,
  completed = false,
  lastAccessedAt: string | null = '2025-01-01T00:00:00.000Z',
): ChapterProgressLike => ({
  chapterId,
  progressPercentage,
  completed,
  lastPositionSeconds: 0,
  lastAccessedAt,
});

describe('story progress', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('is Not Started without any progress', () => {
    const progress = deriveStoryProgress(ids, new Map());
    expect(progress).toEqual({
      completedChapters: 0,
      totalChapters: 4,
      overallProgress: 0,
      lastAccessedAt: null,
    });
    expect(storyProgressLabel(progress)).toBe('Not Started');
  });

  it('is In Progress when a chapter has progress above 0', () => {
    const progress = deriveStoryProgress(ids, progressByChapterId([row('a', 10)]));
    expect(progress.completedChapters).toBe(0);
    expect(progress.overallProgress).toBe(3); // 10 / 4 = 2.5 → 3
    expect(storyProgressLabel(progress)).toBe('In Progress');
  });

  it('is In Progress when some chapters are completed', () => {
    const progress = deriveStoryProgress(ids, progressByChapterId([row('a', 100, true)]));
    expect(progress).toMatchObject({ completedChapters: 1, overallProgress: 25 });
    expect(storyProgressLabel(progress)).toBe('In Progress');
  });

  it('is Complete when every chapter is completed', () => {
    const progress = deriveStoryProgress(
      ids,
      progressByChapterId(ids.map((id) => row(id, 100, true))),
    );
    expect(progress).toMatchObject({
      completedChapters: 4,
      totalChapters: 4,
      overallProgress: 100,
    });
    expect(storyProgressLabel(progress)).toBe('Complete');
  });

  it('counts a completed chapter as 100 % whatever its stored percentage', () => {
    const progress = deriveStoryProgress(['a', 'b'], progressByChapterId([row('a', 0, true)]));
    expect(progress.overallProgress).toBe(50);
  });

  it('ignores progress of chapters outside the story and keeps the newest access', () => {
    const progress = deriveStoryProgress(
      ['a', 'b'],
      progressByChapterId([
        row('a', 50, false, '2025-01-01T00:00:00.000Z'),
        row('b', 20, false, '2025-03-01T00:00:00.000Z'),
        row('z', 100, true, '2026-01-01T00:00:00.000Z'),
      ]),
    );
    expect(progress).toMatchObject({
      completedChapters: 0,
      overallProgress: 35,
      lastAccessedAt: '2025-03-01T00:00:00.000Z',
    });
  });

  it('never calls a story without chapters complete', () => {
    expect(storyProgressLabel(deriveStoryProgress([], new Map()))).toBe('Not Started');
  });
});

describe('chapter button', () => {
  it('is Replay for a completed chapter, even after a restart at 0 %', () => {
    expect(chapterButtonLabel(row('a', 100, true), 'library')).toBe('Replay');
    expect(chapterButtonLabel(row('a', 0, true), 'home')).toBe('Replay');
  });

  it('is Continue with progress above 0', () => {
    expect(chapterButtonLabel(row('a', 0.5), 'library')).toBe('Continue');
    expect(chapterButtonLabel(row('a', 42), 'home')).toBe('Continue');
  });

  it('is Start on the home page and Play in the library otherwise', () => {
    expect(chapterButtonLabel(row('a', 0), 'home')).toBe('Start');
    expect(chapterButtonLabel(undefined, 'home')).toBe('Start');
    expect(chapterButtonLabel(null, 'library')).toBe('Play');
    expect(chapterButtonLabel(row('a', 0), 'library')).toBe('Play');
  });

  it('shows whole percentages, 100 when completed', () => {
    expect(chapterPercent(row('a', 45.6))).toBe(46);
    expect(chapterPercent(row('a', 3, true))).toBe(100);
    expect(chapterPercent(undefined)).toBe(0);
    expect(chapterPercent(row('a', 140))).toBe(100);
  });
});

describe('chapter order', () => {
  it('orders chapters by position without mutating the story', () => {
    const chapters = [{ position: 2 }, { position: 1 }];
    expect(orderedChapters({ chapters }).map((c) => c.position)).toEqual([1, 2]);
    expect(chapters.map((c) => c.position)).toEqual([2, 1]);
  });
});

describe('story details dialog', () => {
  it('says how many chapters follow the first 4', () => {
    expect(moreChaptersLabel(3)).toBeNull();
    expect(moreChaptersLabel(4)).toBeNull();
    expect(moreChaptersLabel(5)).toBe('...and 1 more chapter');
    expect(moreChaptersLabel(11)).toBe('...and 7 more chapters');
  });
});

describe('image URLs', () => {
  it('rewrites stored public files to the resizing endpoint', () => {
    expect(imageUrl('/api/files/series-images/covers/a b.jpg', { w: 400, h: 300 })).toBe(
      '/api/images/series-images/covers/a b.jpg?w=400&h=300&q=80',
    );
    expect(imageUrl('/api/files/uploads/x.png?v=2', { w: 10, h: 5000, q: 60 })).toBe(
      '/api/images/uploads/x.png?w=16&h=2400&q=60',
    );
  });

  it('leaves other URLs unchanged', () => {
    expect(imageUrl('/images/feature-library.svg', { w: 400, h: 300 })).toBe(
      '/images/feature-library.svg',
    );
    expect(imageUrl('https://cdn.example.com/a.jpg', { w: 400, h: 300 })).toBe(
      'https://cdn.example.com/a.jpg',
    );
    expect(imageUrl('/api/files/only-a-bucket', { w: 400, h: 300 })).toBe(
      '/api/files/only-a-bucket',
    );
  });

  it('offers 1x and 2x candidates for resizable images only', () => {
    expect(imageSrcSet('/api/files/series-images/a.jpg', { w: 400, h: 300 })).toBe(
      '/api/images/series-images/a.jpg?w=400&h=300&q=80 1x, ' +
        '/api/images/series-images/a.jpg?w=800&h=600&q=80 2x',
    );
    expect(imageSrcSet('/images/a.svg', { w: 400, h: 300 })).toBeUndefined();
  });
});

describe('story meta tags', () => {
  const base = {
    title: 'El faro',
    slug: 'el-faro',
    description: 'Letters from a lighthouse keeper.',
    imageUrl: '/api/files/series-images/el-faro.jpg',
  };

  it('builds the title, description, canonical and absolute image', () => {
    expect(storyMeta(base, 'https://relatos.example/', site)).toEqual({
      siteName: 'Relatos',
      title: 'El faro — Relatos',
      description: 'Letters from a lighthouse keeper.',
      canonical: 'https://relatos.example/story/el-faro',
      image: 'https://relatos.example/api/files/series-images/el-faro.jpg',
    });
  });

  it('falls back to the site description and no image', () => {
    const meta = storyMeta(
      { ...base, description: '  ', imageUrl: null },
      'http://localhost:3000',
      site,
    );
    expect(meta.description).toBe(siteDescription(site));
    expect(meta.image).toBeNull();
    expect(meta.canonical).toBe('http://localhost:3000/story/el-faro');
  });

  it("uses the platform's name and description set by the administrator", () => {
    const custom = siteIdentity({ platform_name: ' Cuentos ', platform_description: 'Oye.' });
    const meta = storyMeta({ ...base, description: null }, 'https://c.example', custom);
    expect(meta).toMatchObject({
      siteName: 'Cuentos',
      title: 'El faro — Cuentos',
      description: 'Oye.',
    });
    const siteName = storyHeadTags(meta).find((tag) => tag.attributes.property === 'og:site_name');
    expect(siteName?.attributes.content).toBe('Cuentos');
    expect(siteDescription(siteIdentity({ platform_name: 'Cuentos' }))).toMatch(/^Cuentos helps /);
    expect(siteIdentity({ platform_name: '  ', platform_description: ' ' })).toEqual({
      name: 'Relatos',
      customDescription: null,
    });
  });

  it('keeps an already absolute cover', () => {
    expect(
      storyMeta({ ...base, imageUrl: 'https://cdn.example/c.jpg' }, 'https://a.example', site)
        .image,
    ).toBe('https://cdn.example/c.jpg');
  });
});

describe('story head tags', () => {
  it('lists description, canonical, Open Graph and Twitter tags with the same values', () => {
    const meta = storyMeta(
      { title: 'El faro', slug: 'el-faro', description: 'Letters.', imageUrl: '/c.jpg' },
      'https://relatos.example',
      site,
    );
    const tags = storyHeadTags(meta);
    const byKey = new Map(
      tags.map((tag) => [
        tag.attributes.name ?? tag.attributes.property ?? tag.attributes.rel,
        tag.attributes.content ?? tag.attributes.href,
      ]),
    );
    expect(byKey.get('description')).toBe('Letters.');
    expect(byKey.get('canonical')).toBe('https://relatos.example/story/el-faro');
    expect(byKey.get('og:title')).toBe('El faro — Relatos');
    expect(byKey.get('og:url')).toBe('https://relatos.example/story/el-faro');
    expect(byKey.get('og:image')).toBe('https://relatos.example/c.jpg');
    expect(byKey.get('twitter:card')).toBe('summary_large_image');
    expect(byKey.get('twitter:image')).toBe('https://relatos.example/c.jpg');
  });

  it('has no image tags and a small card without a cover', () => {
    const tags = storyHeadTags(
      storyMeta(
        { title: 'A', slug: 'a', description: null, imageUrl: null },
        'https://x.example',
        site,
      ),
    );
    const keys = tags.map((tag) => tag.attributes.name ?? tag.attributes.property);
    expect(keys).not.toContain('og:image');
    expect(keys).not.toContain('twitter:image');
    expect(tags.find((tag) => tag.attributes.name === 'twitter:card')?.attributes.content).toBe(
      'summary',
    );
  });
});
