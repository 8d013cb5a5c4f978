/** The library manifest `content/generated/manifest.json`: one schema, shared with the server's seeding. */
export {
  manifestChapterSchema,
  manifestSchema,
  manifestStorySchema,
  type Manifest,
  type ManifestChapter,
  type ManifestStory,
} from '#server/modules/content/demo-manifest';
