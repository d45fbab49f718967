import { z } from 'zod';

/**
 * The outbox (DESIGN: e-mail goes to the outbox table, with a preview for staff when it is not
 * delivered by SMTP): platform administrators read the latest mails, by recipient or kind.
 */
export const ZOutboxRequest = z.object({
  to: z.string().trim().max(320).optional(),
  kind: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOutboxResponse = z.array(
  z.object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    kind: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);
