import type { HeadTag } from '#shared/discover/story-meta';

/** The attribute that identifies a tag (name, property or rel) and its value. */
function identity(tag: HeadTag): [string, string] {
  const { attributes } = tag;
  if (attributes.rel !== undefined) return ['rel', attributes.rel];
  if (attributes.property !== undefined) return ['property', attributes.property];
  return ['name', attributes.name ?? ''];
}

const selectorOf = (tag: HeadTag) => {
  const [attribute, value] = identity(tag);
  return `${tag.element}[${attribute}="${CSS.escape(value)}"]`;
};

/**
 * Writes the tags into <head>, updating those already there (the server's, on a first load) and
 * adding the others. Returns the cleanup for when the page is left: every tag goes, except the
 * description, which returns to the site's (`siteDescription`).
 */
export function applyHeadTags(
  tags: readonly HeadTag[],
  siteDescription: string,
  doc: Document = document,
): () => void {
  for (const tag of tags) {
    let element = doc.head.querySelector(selectorOf(tag));
    if (!element) {
      element = doc.createElement(tag.element);
      doc.head.appendChild(element);
    }
    for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
  }
  return () => {
    for (const tag of tags) {
      const element = doc.head.querySelector(selectorOf(tag));
      if (!element) continue;
      if (tag.element === 'meta' && tag.attributes.name === 'description') {
        element.setAttribute('content', siteDescription);
      } else {
        element.remove();
      }
    }
  };
}
