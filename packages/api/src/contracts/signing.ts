import { createHash } from 'node:crypto';
import { type Database, type Tx, withClub } from '@klubhus/db';
import { CONTRACT_MSG, type ContractSettings, CONTRACT_SIGN_TOKEN } from '@klubhus/domain';
import { type FileStorage, newStorageKey } from '@klubhus/integrations';
import type { Kysely } from 'kysely';

import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { CallFiles } from '../attachments/storage';
import { loadActiveModules } from '../clubs/context';
import { fail } from '../lib/errors';
import { escapeHtml, linkMail, queueMail } from '../lib/mail';
import { generateToken, hashToken } from '../lib/tokens';
import { contractPdfName } from './pdf';
import { type Club, contractAudit, lockContract } from './service';

/**
 * The agreement's PDF, sending it, and e-signing (SPEC §5 Signing; issue 17):
 * - GET pdf reads the file the contract PDF job stored for the current version (never renders here);
 * - send mails the contact the PDF ('Aftalen blev sendt.');
 * - send-signing freezes the current PDF under a key of its own with its SHA-256, and mails the
 *   contact a link with a token of 160 random bits (only its SHA-256 is stored), bound to the
 *   agreement's version: 'Aftalen blev sendt til underskrift.';
 * - the public page opens the frozen PDF (trail: opened); signing draws the signature on the last
 *   page, appends an evidence page (signer name and e-mail, IP, user agent, UTC time, SHA-256 of the
 *   unsigned and of the signed document), stores both new files under new keys (never overwritten),
 *   and marks the link used: a link signs once, and never after the agreement changed.
 * Every step is a row of contract_sign_trail, which the app role can only insert into and read.
 */

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The stored PDF of the agreement's current version, or why there is none yet. */
export async function currentPdf(trx: Tx, clientId: number, contractId: number, files: { get(key: string): Promise<Buffer | null> }) {
  const c = await trx.selectFrom('contracts').select(['id', 'contract_number', 'version', 'pdf_key', 'pdf_status', 'pdf_version']).where('client_id', '=', clientId).where('id', '=', contractId).executeTakeFirst();
  if (!c) throw fail.notFound();
  if (c.pdf_status === 'failed') return { status: 'failed' as const, message: CONTRACT_MSG.pdfFailed };
  const bytes = c.pdf_status === 'ready' && c.pdf_version === c.version && c.pdf_key ? await files.get(c.pdf_key) : null;
  if (!bytes) return { status: 'pending' as const, message: CONTRACT_MSG.pdfPending };
  return { status: 'ready' as const, fileName: contractPdfName(c.contract_number), base64: bytes.toString('base64'), bytes };
}

export async function contractPdf(trx: Tx, clientId: number, contractId: number, files: CallFiles) {
  const r = await currentPdf(trx, clientId, contractId, files);
  return r.status === 'ready' ? { status: r.status, fileName: r.fileName, base64: r.base64 } : r;
}

async function recipient(trx: Tx, clientId: number, c: { contact_id: number | null }) {
  if (!c.contact_id) throw fail.conflict(CONTRACT_MSG.noContact);
  const ct = await trx.selectFrom('contacts').select(['firstname', 'lastname', 'email']).where('client_id', '=', clientId).where('id', '=', c.contact_id).executeTakeFirst();
  if (!ct) throw fail.conflict(CONTRACT_MSG.noContact);
  if (!ct.email) throw fail.conflict(CONTRACT_MSG.noContactEmail);
  return { email: ct.email, name: `${ct.firstname} ${ct.lastname}`.trim() };
}

async function clubOf(trx: Tx, clientId: number) {
  const c = await trx.selectFrom('clients').select(['name', 'settings']).where('id', '=', clientId).executeTakeFirstOrThrow();
  return { name: c.name, settings: (((c.settings ?? {}) as { contracts?: ContractSettings }).contracts ?? {}) as ContractSettings };
}

/** The PDF of the current version, frozen under a key of its own (it never changes after). */
async function frozenPdf(trx: Tx, clientId: number, contractId: number, files: CallFiles) {
  const pdf = await currentPdf(trx, clientId, contractId, files);
  if (pdf.status !== 'ready') throw fail.conflict(pdf.message);
  const key = await files.put(clientId, pdf.bytes, 'application/pdf');
  return { key, sha256: sha256(pdf.bytes), fileName: pdf.fileName };
}

/** POST /{id}/send: the PDF to the contact; the agreement is then sent (unless already signed). */
export async function sendContract(trx: Tx, club: Club, contractId: number, files: CallFiles) {
  const c = await lockContract(trx, club.clientId, contractId);
  if (c.status === 'cancelled') throw fail.conflict(CONTRACT_MSG.sendCancelled);
  const to = await recipient(trx, club.clientId, c);
  const pdf = await frozenPdf(trx, club.clientId, c.id, files);
  const { name, settings } = await clubOf(trx, club.clientId);
  const subject = settings.emailSubject || `Aftale nr. ${c.contract_number} fra ${name}`;
  const lines = [settings.emailText || `Hermed aftale nr. ${c.contract_number} fra ${name}.`];
  await queueMail(trx, {
    to: to.email,
    subject,
    html: `<p>Kære ${escapeHtml(to.name)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`,
    text: [`Kære ${to.name}`, ...lines].join('\n\n'),
    kind: 'contract',
    attachments: [{ filename: pdf.fileName, key: pdf.key, contentType: 'application/pdf' }],
  });
  if (c.agreement_status !== 'signed') await trx.updateTable('contracts').set({ agreement_status: 'sent' }).where('client_id', '=', club.clientId).where('id', '=', c.id).execute();
  await contractAudit(trx, club, c, 'send', c.status, c.status, to.email);
  return { id: c.id, email: to.email, message: CONTRACT_MSG.sent };
}

export const signLink = (baseUrl: string, contractId: number, token: string) => `${baseUrl.replace(/\/$/, '')}/contracts/${contractId}/esign?token=${token}`;

/** POST /{id}/send-signing: a signing link to the contact, bound to this version and its frozen PDF. */
export async function sendForSigning(trx: Tx, club: Club, contractId: number, files: CallFiles, baseUrl: string) {
  const c = await lockContract(trx, club.clientId, contractId);
  if (c.status === 'cancelled') throw fail.conflict(CONTRACT_MSG.sendCancelled);
  if (c.agreement_status === 'signed') throw fail.conflict(CONTRACT_MSG.alreadySigned);
  const to = await recipient(trx, club.clientId, c);
  const pdf = await frozenPdf(trx, club.clientId, c.id, files);
  const token = `${club.clientId}-${generateToken()}`;
  const request = await trx
    .insertInto('contract_sign_requests')
    .values({
      client_id: club.clientId,
      contract_id: c.id,
      token_hash: hashToken(token),
      contract_version: c.version,
      unsigned_key: pdf.key,
      unsigned_sha256: pdf.sha256,
      sent_to: to.email,
      signer_name: to.name,
      created_by: club.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('contract_sign_trail')
    .values({ client_id: club.clientId, contract_id: c.id, request_id: request.id, event: 'sent', name: to.name, email: to.email, sha256: pdf.sha256 })
    .execute();
  await trx.updateTable('contracts').set({ agreement_status: 'sent' }).where('client_id', '=', club.clientId).where('id', '=', c.id).execute();
  const { name, settings } = await clubOf(trx, club.clientId);
  const mail = linkMail({
    greeting: `Kære ${to.name}`,
    lines: [settings.emailText || `${name} har sendt dig aftale nr. ${c.contract_number} til underskrift.`, 'Åbn aftalen, læs den igennem og underskriv den digitalt.'],
    link: signLink(baseUrl, c.id, token),
    linkText: 'Læs og underskriv aftalen',
  });
  await queueMail(trx, { to: to.email, subject: settings.signEmailSubject || `Aftale nr. ${c.contract_number} til underskrift`, ...mail, kind: 'contract-signing' });
  await contractAudit(trx, club, c, 'send-signing', c.status, c.status, to.email);
  return { id: c.id, email: to.email, message: CONTRACT_MSG.sentForSigning };
}

/* ------------------------------------------------------------------ the public side (the token is the guard) */

export interface SignerMeta {
  ip: string | null;
  userAgent: string | null;
}

async function signClub(db: Kysely<Database>, token: string) {
  if (!CONTRACT_SIGN_TOKEN.test(token)) throw fail.badRequest(CONTRACT_MSG.tokenInvalid);
  const clientId = Number(token.split('-')[0]);
  const club = await db.selectFrom('clients').select(['id', 'name']).where('id', '=', clientId).where('active', '=', true).executeTakeFirst();
  if (!club) throw fail.notFound();
  return club;
}

/** The request and its agreement under their row locks, or the refusal: unknown, used, or the agreement changed since. */
async function openRequest(trx: Tx, clientId: number, contractId: number, token: string, forSigning: boolean) {
  const orders = (await loadActiveModules(trx, clientId)).find((m) => m.module.alias === 'orders');
  if (!orders) throw fail.notFound();
  const r = await trx
    .selectFrom('contract_sign_requests')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('contract_id', '=', contractId)
    .where('token_hash', '=', hashToken(token))
    .forUpdate()
    .executeTakeFirst();
  if (!r) throw fail.notFound();
  const c = await trx.selectFrom('contracts').selectAll().where('client_id', '=', clientId).where('id', '=', contractId).forUpdate().executeTakeFirst();
  if (!c) throw fail.notFound();
  if (forSigning && r.used_at) throw fail.conflict(CONTRACT_MSG.tokenUsed);
  if (!r.used_at && (c.version !== r.contract_version || c.status === 'cancelled')) throw fail.conflict(CONTRACT_MSG.tokenStale);
  return { r, c };
}

const trail = (trx: Tx, clientId: number, r: { id: number; contract_id: number }, event: 'opened' | 'signed' | 'refused', meta: SignerMeta, extra: { name?: string | null; email?: string | null; sha256?: string | null; detail?: string | null } = {}) =>
  trx
    .insertInto('contract_sign_trail')
    .values({ client_id: clientId, contract_id: r.contract_id, request_id: r.id, event, ip: meta.ip, user_agent: meta.userAgent?.slice(0, 500) ?? null, ...extra })
    .execute();

/** GET /contracts/{id}/esign?token: the frozen PDF to read (or, once signed, the signed one); trail: opened. */
export async function signPage(db: Kysely<Database>, storage: FileStorage, contractId: number, token: string, meta: SignerMeta) {
  const club = await signClub(db, token);
  return withClub(db, { clientId: club.id }, async (trx) => {
    const { r, c } = await openRequest(trx, club.id, contractId, token, false);
    const key = r.used_at ? r.signed_key : r.unsigned_key;
    const bytes = key ? await storage.get(key) : null;
    if (!bytes) throw fail.notFound();
    if (!r.used_at) await trail(trx, club.id, r, 'opened', meta, { email: r.sent_to, name: r.signer_name });
    return {
      clubName: club.name,
      contractNumber: c.contract_number,
      signed: !!r.used_at,
      fileName: contractPdfName(c.contract_number),
      base64: bytes.toString('base64'),
      signerName: r.signer_name,
    };
  });
}

const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The unsigned PDF with the signature drawn at the foot of its last page. */
async function stamp(unsigned: Uint8Array, png: Uint8Array, name: string, at: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(unsigned);
  const image = await doc.embedPng(png);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.getPages()[doc.getPageCount() - 1];
  const { width } = page.getSize();
  const w = 180;
  const h = Math.min(70, (image.height / image.width) * w);
  const x = width - w - 48;
  page.drawImage(image, { x, y: 60, width: w, height: h });
  page.drawText(`${name} · ${utc(at)}`, { x, y: 48, size: 8, font, color: rgb(0.2, 0.2, 0.2) });
  doc.setModificationDate(at);
  return doc.save({ useObjectStreams: false });
}

/** The stamped document with the evidence page appended (its hashes also in the document's keywords). */
async function withEvidence(stamped: Uint8Array, ev: { name: string; email: string; ip: string; userAgent: string; at: Date; unsigned: string; signed: string; contractNumber: number; club: string }) {
  const doc = await PDFDocument.load(stamped);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  const line = (label: string, value: string) => {
    page.drawText(label, { x: 48, y, size: 10, font: bold });
    // Long values (user agent, hashes) wrap at 80 characters.
    const parts = value.match(/.{1,80}/g) ?? [''];
    for (const p of parts) {
      page.drawText(p, { x: 200, y, size: 9, font });
      y -= 14;
    }
    y -= 6;
  };
  page.drawText('Dokumentation for underskrift', { x: 48, y: 800, size: 16, font: bold });
  y = 770;
  line('Aftale', `Nr. ${ev.contractNumber} fra ${ev.club}`);
  line('Underskriver', ev.name);
  line('E-mail', ev.email);
  line('IP-adresse', ev.ip);
  line('Browser', ev.userAgent);
  line('Tidspunkt (UTC)', utc(ev.at));
  line('SHA-256, usigneret', ev.unsigned);
  line('SHA-256, underskrevet', ev.signed);
  page.drawText('Underskrevet dokument = det usignerede dokument med underskriften på sidste side (siderne før denne).', { x: 48, y: y - 10, size: 8, font });
  doc.setKeywords([`unsigned-sha256:${ev.unsigned}`, `signed-sha256:${ev.signed}`]);
  doc.setModificationDate(ev.at);
  return doc.save({ useObjectStreams: false });
}

/**
 * POST /contracts/{id}/esign: signs once. The frozen PDF is read and checked against its stored hash,
 * stamped with the signature, given the evidence page, and both new files are stored under new keys;
 * the request is marked used, the agreement signed, the trail and the audit get their rows — one
 * transaction; files of a failed attempt are removed.
 */
export async function signContract(
  db: Kysely<Database>,
  storage: FileStorage,
  input: { id: number; token: string; signature: string; name: string | null },
  meta: SignerMeta,
) {
  const club = await signClub(db, input.token);
  const written: string[] = [];
  try {
    return await withClub(db, { clientId: club.id }, async (trx) => {
      const { r, c } = await openRequest(trx, club.id, input.id, input.token, true);
      const unsigned = r.unsigned_key ? await storage.get(r.unsigned_key) : null;
      if (!unsigned || sha256(unsigned) !== r.unsigned_sha256) throw fail.conflict(CONTRACT_MSG.tokenStale);
      const png = Buffer.from(input.signature.slice(input.signature.indexOf(',') + 1), 'base64');
      if (png.length < 8 || png[0] !== 0x89 || png.subarray(1, 4).toString() !== 'PNG') throw fail.badRequest(CONTRACT_MSG.signatureInvalid);
      const at = new Date();
      const name = input.name?.trim() || r.signer_name || r.sent_to;
      let stamped: Uint8Array;
      try {
        stamped = await stamp(unsigned, png, name, at);
      } catch {
        throw fail.badRequest(CONTRACT_MSG.signatureInvalid);
      }
      const stampedSha = sha256(stamped);
      const signed = await withEvidence(stamped, {
        name,
        email: r.sent_to,
        ip: meta.ip ?? 'ukendt',
        userAgent: meta.userAgent ?? 'ukendt',
        at,
        unsigned: r.unsigned_sha256 as string,
        signed: stampedSha,
        contractNumber: c.contract_number,
        club: club.name,
      });
      const signedSha = sha256(signed);
      
      const stampedKey = newStorageKey(club.id);
      const signedKey = newStorageKey(club.id);
      written.push(stampedKey, signedKey);
      await storage.put(stampedKey, stamped, 'application/pdf');
      await storage.put(signedKey, signed, 'application/pdf');
      await trx
        .updateTable('contract_sign_requests')
        .set({ used_at: at, signer_name: name, stamped_key: stampedKey, stamped_sha256: stampedSha, signed_key: signedKey, signed_sha256: signedSha })
        .where('client_id', '=', club.id)
        .where('id', '=', r.id)
        .execute();
      await trx.updateTable('contracts').set({ agreement_status: 'signed' }).where('client_id', '=', club.id).where('id', '=', c.id).execute();
      await trail(trx, club.id, r, 'signed', meta, { name, email: r.sent_to, sha256: signedSha, detail: `unsigned:${r.unsigned_sha256} stamped:${stampedSha}` });
      await contractAudit(trx, { clientId: club.id, userId: null }, c, 'signed', c.status, c.status, name);
      const { settings } = await clubOf(trx, club.id);
      await queueMail(trx, {
        to: r.sent_to,
        subject: settings.signedEmailSubject || `Aftale nr. ${c.contract_number} er underskrevet`,
        html: `<p>Kære ${escapeHtml(name)}</p><p>Tak for din underskrift. Den underskrevne aftale er vedhæftet.</p>`,
        text: `Kære ${name}\n\nTak for din underskrift. Den underskrevne aftale er vedhæftet.`,
        kind: 'contract-signed',
        attachments: [{ filename: contractPdfName(c.contract_number).replace('.pdf', '-underskrevet.pdf'), key: signedKey, contentType: 'application/pdf' }],
      });
      return { token: input.token, message: CONTRACT_MSG.signed, fileName: contractPdfName(c.contract_number).replace('.pdf', '-underskrevet.pdf'), base64: Buffer.from(signed).toString('base64') };
    });
  } catch (e) {
    for (const key of written) await storage.delete(key).catch(() => {});
    throw e;
  }
}

/** The newest signed document of an agreement (staff): the file and its hashes. */
export async function signedDocument(trx: Tx, clientId: number, contractId: number) {
  const r = await trx
    .selectFrom('contract_sign_requests')
    .select(['id', 'signed_key', 'signed_sha256', 'unsigned_sha256', 'stamped_sha256', 'used_at'])
    .where('client_id', '=', clientId)
    .where('contract_id', '=', contractId)
    .where('used_at', 'is not', null)
    .orderBy('used_at', 'desc')
    .executeTakeFirst();
  return r ?? null;
}

