import { defineRepository } from '../../db/repository.ts';
import { feedback } from '../../db/schema.ts';

export type FeedbackValues = typeof feedback.$inferInsert;

/** Messages sent with the contact form, kept as feedback rows. */
export const createContactRepository = defineRepository((db) => ({
  async insertFeedback(values: FeedbackValues): Promise<void> {
    await db.insert(feedback).values(values);
  },
}));

export type ContactRepository = ReturnType<typeof createContactRepository>;
