import type { Database, MailAttachmentJson } from '@klubhus/db';
import type { FileStorage } from '@klubhus/integrations';
import { type Kysely, sql } from 'kysely';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  send(mail: { from: string; to: string; subject: string; html: string; text: string; attachments?: MailAttachment[] }): Promise<void>;
}

/** SMTP via nodemailer, e.g. SMTP_URL=smtp://user:pass@mail.example.dk:587 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}

/**
 * Delivers queued e-mails. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several app processes can run this at once without sending a mail twice.
 * A failed send keeps the error and is retried on a later round.
 */
export async function deliverOutbox(db: Kysely<Database>, transport: MailTransport, from: string, batch = 20, storage?: FileStorage): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{ id: number; to_address: string; subject: string; html: string; text: string; attachments: MailAttachmentJson[] }>`
      SELECT id, to_address, subject, html, text, attachments FROM outbox
      WHERE sent_at IS NULL ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`.execute(trx);
    let sent = 0;
    for (const row of rows.rows) {
      try {
        const attachments = await readAttachments(row.attachments ?? [], storage);
        await transport.send({ from, to: row.to_address, subject: row.subject, html: row.html, text: row.text, ...(attachments.length ? { attachments } : {}) });
        await trx.updateTable('outbox').set({ sent_at: new Date(), error: null }).where('id', '=', row.id).execute();
        sent++;
      } catch (error) {
        await trx.updateTable('outbox').set({ error: String(error).slice(0, 500) }).where('id', '=', row.id).execute();
      }
    }
    return sent;
  });
}

/** The stored files a mail carries; a mail whose file is gone fails (and is retried) rather than going without it. */
async function readAttachments(list: MailAttachmentJson[], storage: FileStorage | undefined): Promise<MailAttachment[]> {
  if (!list.length) return [];
  if (!storage) throw new Error('the outbox has mails with attachments but no file storage');
  return Promise.all(
    list.map(async (a) => {
      const content = await storage.get(a.key);
      if (!content) throw new Error(`attachment ${a.filename} is missing from storage`);
      return { filename: a.filename, content, contentType: a.contentType };
    }),
  );
}
