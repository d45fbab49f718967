import type { Database } from '@klubhus/db';
import type { ZOutboxRequest } from '@klubhus/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

/** The latest mails of the outbox (newest first), for a recipient or of a kind. Installation-wide: platform administrators only. */
export async function recentMails(db: Kysely<Database>, input: z.output<typeof ZOutboxRequest>) {
  let q = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'text', 'html', 'kind', 'created_at', 'sent_at']);
  if (input.to) q = q.where('to_address', '=', input.to);
  if (input.kind) q = q.where('kind', '=', input.kind);
  const rows = await q.orderBy('id', 'desc').limit(input.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text,
    html: r.html,
    kind: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}
