import { storyLevels, type StoryLevel } from '#shared/contracts/stories';

interface OrderedStory {
  id: string;
  level: StoryLevel;
}

const rank = (level: StoryLevel) => storyLevels.indexOf(level);

/**
 * The library order once `added` stories join it (decision 049): the library reads from the
 * easiest stories to the hardest, so each added story goes after the last story of its level or
 * an easier one (first when there is none), in the order they are added; the others keep theirs.
 * Returns every story's id in its new order.
 */
export function orderByLevel(
  library: readonly OrderedStory[],
  added: readonly OrderedStory[],
): string[] {
  const addedIds = new Set(added.map((story) => story.id));
  const order = library.filter((story) => !addedIds.has(story.id));
  for (const story of added) {
    const after = order.findLastIndex((other) => rank(other.level) <= rank(story.level));
    order.splice(after + 1, 0, story);
  }
  return order.map((story) => story.id);
}
