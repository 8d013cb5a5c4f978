import { z } from 'zod';
import { pageInfoSchema, pageQueryFields } from './pagination.ts';
import { contactCategories, contactCategoryLabels } from './site.ts';

/**
 * The administrators' inbox of contact messages (issue 12, "Messages and audit"): the `feedback`
 * rows the contact form writes. Routes: src/server/modules/admin-inbox.
 *
 *   GET   /api/admin/inbox?status=&category=&page=&pageSize=  → a page of messages, newest first
 *   GET   /api/admin/inbox/:id                                → { message } in full
 *   PATCH /api/admin/inbox/:id   { handled: boolean }         → { message } (audited)
 */

export { contactCategories, contactCategoryLabels };
export type ContactCategory = (typeof contactCategories)[number];

/** `open`: not handled yet (the dashboard links here); `all`: both. */
export const inboxStatuses = ['open', 'handled', 'all'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export const inboxStatusLabels: Record<InboxStatus, string> = {
  open: 'Open',
  handled: 'Handled',
  all: 'All',
};

export const INBOX_DEFAULT_PAGE_SIZE = 20;
export const INBOX_MAX_PAGE_SIZE = 100;

export const inboxMessages = {
  notFound: 'Message not found',
  markedHandled: 'Marked as handled',
  reopened: 'Message reopened',
  updateFailed: 'Could not update the message',
} as const;

export const adminInboxQuerySchema = z
  .object({
    status: z.enum(inboxStatuses).default('open'),
    category: z.enum(contactCategories).optional(),
    ...pageQueryFields({
      defaultPageSize: INBOX_DEFAULT_PAGE_SIZE,
      maxPageSize: INBOX_MAX_PAGE_SIZE,
    }),
  })
  .strict();
export type AdminInboxQuery = z.infer<typeof adminInboxQuerySchema>;

export const inboxMessageParamsSchema = z.object({ id: z.uuid() }).strict();

/** One message as the list shows it: who wrote about what, when, and whether it is handled. */
export const inboxMessageSummarySchema = z.object({
  id: z.uuid(),
  category: z.enum(contactCategories),
  subject: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  /** When an administrator marked it handled; null while it is open. */
  handledAt: z.iso.datetime().nullable(),
});
export type InboxMessageSummary = z.infer<typeof inboxMessageSummarySchema>;

/** The whole message, and who handled it (null once that account is gone, or while open). */
export const inboxMessageSchema = inboxMessageSummarySchema.extend({
  message: z.string(),
  handledBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Sent by a signed-in account (the sender's address is then the one they typed, still). */
  fromAccount: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const adminInboxListResponseSchema = pageInfoSchema.extend({
  messages: z.array(inboxMessageSummarySchema),
  /** Open and handled messages in the chosen category (all categories when none is chosen). */
  counts: z.object({
    open: z.number().int().nonnegative(),
    handled: z.number().int().nonnegative(),
  }),
});
export type AdminInboxListResponse = z.infer<typeof adminInboxListResponseSchema>;

export const inboxMessageResponseSchema = z.object({ message: inboxMessageSchema });
export type InboxMessageResponse = z.infer<typeof inboxMessageResponseSchema>;

export const updateInboxMessageBodySchema = z.object({ handled: z.boolean() }).strict();
export type UpdateInboxMessageBody = z.infer<typeof updateInboxMessageBodySchema>;

/**
 * "Reply by email": a mailto: link to the sender with the subject prefilled as `Re: …`. Both
 * parts are percent-encoded (RFC 6068), so an address or a subject holding `?`, `&`, `#`, `%`,
 * spaces or any other character reaches the mail program as written.
 */
export function replyMailto(message: Pick<InboxMessage, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  // The `@` stays as it is (some mail programs do not decode %40 in the address); the parts
  // around it are encoded.
  const at = message.email.lastIndexOf('@');
  const address =
    at < 0
      ? encodeURIComponent(message.email)
      : `${encodeURIComponent(message.email.slice(0, at))}@${encodeURIComponent(message.email.slice(at + 1))}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
