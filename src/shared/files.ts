/** Storage buckets named by the spec. */
export const buckets = ['audios', 'trans', 'series-images', 'uploads'] as const;
export type Bucket = (typeof buckets)[number];

export const isBucket = (value: string): value is Bucket =>
  (buckets as readonly string[]).includes(value);
