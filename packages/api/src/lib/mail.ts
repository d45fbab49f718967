import type { Kysely } from 'kysely';
import type { Database } from '@klubhus/db';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
}

/**
 * E-mail goes through the outbox table: written in the same transaction as the
 * change that caused it, delivered by the worker (SMTP when configured), and
 * readable by tests and the staff preview when it is not.
 */
export async function queueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text, kind: mail.kind })
    .execute();
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
