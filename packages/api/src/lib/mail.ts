import { type Database, json, type MailAttachmentJson } from '@klubhus/db';
import type { Kysely } from 'kysely';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  attachments?: MailAttachmentJson[];
}

/**
 * E-mail goes through the outbox table: written in the same transaction as the
 * change that caused it, delivered by the worker (SMTP when configured), and
 * readable by tests and the staff preview when it is not.
 */
export async function queueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text, kind: mail.kind, attachments: json(mail.attachments ?? []) })
    .execute();
}

/** Many mails in one statement per 500 (invitations to a whole contact list). */
export async function queueMails(db: Kysely<Database>, mails: OutgoingMail[]): Promise<void> {
  for (let i = 0; i < mails.length; i += 500) {
    const batch = mails.slice(i, i + 500);
    await db
      .insertInto('outbox')
      .values(batch.map((m) => ({ to_address: m.to, subject: m.subject, html: m.html, text: m.text, kind: m.kind, attachments: json(m.attachments ?? []) })))
      .execute();
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A plain, readable e-mail with one call-to-action link. */
export function linkMail(opts: { greeting: string; lines: string[]; link: string; linkText: string }) {
  const html = `<p>${escapeHtml(opts.greeting)}</p>${opts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.linkText)}</a></p>`;
  const text = [opts.greeting, ...opts.lines, `${opts.linkText}: ${opts.link}`].join('\n\n');
  return { html, text };
}
