import { z } from 'zod';

/** Keys of the site images an administrator can set (spec: home_page_settings). */
export const siteImageKeys = [
  'featured_story_image',
  'feature_library',
  'feature_spanish',
  'feature_audio',
  'feature_progress',
  'tutorial_step_1',
  'tutorial_step_2',
  'tutorial_step_3',
  'tutorial_step_4',
] as const;
export type SiteImageKey = (typeof siteImageKeys)[number];

export const siteSettingsResponseSchema = z.object({
  /** Admin-set image URLs by key, read in key order; keys without an image are absent. */
  images: z.record(z.string(), z.string()),
  /** Other home_page_settings values by key. */
  values: z.record(z.string(), z.string()),
  /** The active logo, or null for the default logo shipped in the app. */
  logo: z.object({ url: z.string(), altText: z.string() }).nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsResponseSchema>;

export const trackingTagTypes = ['gtm', 'ga4', 'facebook', 'custom'] as const;
export const trackingTagPositions = ['head', 'body'] as const;

export const publicTrackingTagSchema = z.object({
  id: z.uuid(),
  tagName: z.string(),
  tagType: z.enum(trackingTagTypes),
  tagId: z.string().nullable(),
  scriptContent: z.string().nullable(),
  position: z.enum(trackingTagPositions),
  createdAt: z.iso.datetime(),
});
export type PublicTrackingTag = z.infer<typeof publicTrackingTagSchema>;
export const trackingTagsResponseSchema = z.object({ tags: z.array(publicTrackingTagSchema) });

export const contactCategories = ['general', 'technical', 'feature', 'billing', 'content'] as const;
/** The categories as the contact form and the admin inbox name them (admin spec, contact page). */
export const contactCategoryLabels: Record<(typeof contactCategories)[number], string> = {
  general: 'General Support',
  technical: 'Technical Issue',
  feature: 'Feature Request',
  billing: 'Billing/Payments',
  content: 'Content Feedback',
};
export const contactBodySchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    email: z.string().trim().toLowerCase().max(254),
    category: z.enum(contactCategories),
    subject: z.string().trim().min(1).max(200),
    message: z.string().trim().min(1).max(5000),
  })
  .strict();
export type ContactBody = z.infer<typeof contactBodySchema>;
export const contactResponseSchema = z.object({ ok: z.literal(true) });

/** Image resizing parameters (spec: default 800x600, quality 80). */
export const imageQuerySchema = z
  .object({
    w: z.coerce.number().int().min(16).max(2400).default(800),
    h: z.coerce.number().int().min(16).max(2400).default(600),
    q: z.coerce.number().int().min(30).max(95).default(80),
  })
  .strict();
