import { createHash } from 'node:crypto';
import { fileStorage } from '@klubhus/api';
import { renderPendingContractPdfs } from '@klubhus/api/contracts/jobs';
import { DEMO_USERS, setScope } from '@klubhus/db';
import { CONTRACT_MSG } from '@klubhus/domain';
import { type PdfRenderer, pdfRenderer } from '@klubhus/integrations';
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { type ContractsCaller, callerFor, contractInput, type DemoIds, demoIds, refused } from './helpers';

/** The agreement's PDF (made by its job), sending it, and e-signing with evidence: tokens, hashes and the trail's grants. */
let t: TestApp;
let call: ContractsCaller;
let ids: DemoIds;
let renderer: PdfRenderer;
let staff: string;
let contactEmail: string;

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
// A 1×1 transparent PNG: a drawn signature as the browser's canvas sends it.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Testbrowser/1.0';

async function pdfText(bytes: Uint8Array, from = 1): Promise<{ text: string; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: true }).promise;
  let text = '';
  for (let p = from; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: text.replace(/\s+/g, ' '), pages };
}

const storage = () => fileStorage({ baseUrl: '', secureCookies: false, dataDir: t.dataDir });
const render = () => renderPendingContractPdfs({ db: t.database.db, owner: t.database.owner, storage: storage(), renderer });

beforeAll(async () => {
  t = await createTestApp();
  call = await callerFor(t);
  ids = await demoIds(t);
  renderer = pdfRenderer({ pages: 1 });
  staff = await t.login(DEMO_USERS.admin);
  const contact = await t.database.owner.selectFrom('contacts').select(['id', 'email']).where('client_id', '=', ids.clientId).where('email', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  ids.contact = contact.id;
  contactEmail = contact.email as string;
}, 120_000);
afterAll(async () => {
  await renderer?.close();
  await t.close();
});

/** The signing link mailed last to the contact: its token. */
async function mailedToken(contractId: number): Promise<string> {
  const mail = await t.database.owner.selectFrom('outbox').selectAll().where('kind', '=', 'contract-signing').orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(mail.to_address).toBe(contactEmail);
  const m = mail.text.match(new RegExp(`/contracts/${contractId}/esign\\?token=([0-9]+-[a-z2-7]+)`));
  expect(m, mail.text).toBeTruthy();
  return (m as RegExpMatchArray)[1];
}

async function signedAgreement(extra = {}) {
  const { id } = await call.contracts.update(contractInput(ids, extra));
  await render();
  return id;
}

describe('the contract PDF', () => {
  it('is made by the job, never in the request, with the club contract settings', async () => {
    await t.database.owner
      .updateTable('clients')
      .set({
        settings: sql`settings || ${JSON.stringify({ contracts: { pdfTitle: 'Partneraftale', priceDisplay: 'Category', pdfGeneralTerms: 'Aftalen følger dansk ret.', pdfPaymentTerms: 'Netto 8 dage.', pdfAdditionalTitle: 'Sæsonen 2025/26' } })}::jsonb`,
      })
      .where('id', '=', ids.clientId)
      .execute();
    const { id } = await call.contracts.update(contractInput(ids));
    const pending = await t.request('GET', `/api/contracts/${id}/pdf`, { cookie: staff });
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ success: false, error: CONTRACT_MSG.pdfPending });
    expect((await render()).ready).toBeGreaterThanOrEqual(1);
    const res = await t.request('GET', `/api/contracts/${id}/pdf`, { cookie: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Partneraftale');
    expect(text).toContain('Sæsonen 2025/26');
    expect(text).toContain('Sponsorpakker');
    expect(text).toContain('Bandereklame');
    expect(text).toContain('Aftalen følger dansk ret.');
    expect(text).toContain('Netto 8 dage.');
    // A change makes it pending again: the old version is never served as the new one.
    await call.contracts.update({ ...contractInput(ids), id, description: 'Ny tekst' });
    expect((await t.request('GET', `/api/contracts/${id}/pdf`, { cookie: staff })).statusCode).toBe(202);
  });

  it('send mails the PDF to the contact and marks the agreement sent', async () => {
    const id = await signedAgreement();
    const r = await call.contracts.send({ id });
    expect(r).toMatchObject({ message: 'Aftalen blev sendt.', email: contactEmail });
    const mail = await t.database.owner.selectFrom('outbox').selectAll().where('kind', '=', 'contract').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.attachments).toHaveLength(1);
    const bytes = await storage().get(mail.attachments[0].key);
    expect(bytes?.subarray(0, 4).toString()).toBe('%PDF');
    expect((await call.contracts.get({ id })).agreementStatus).toBe('sent');
  });
});

describe('e-signing', () => {
  it('a signing link needs the PDF of the current version, and a contact with e-mail', async () => {
    const { id } = await call.contracts.update(contractInput(ids));
    await refused(t, () => call.contracts.sendSigning({ id }), CONTRACT_MSG.pdfPending);
  });

  it('sent, opened, signed: the signed PDF carries the signature and the evidence page; the hashes match the stored files', async () => {
    const id = await signedAgreement();
    const r = await call.contracts.sendSigning({ id });
    expect(r.message).toBe('Aftalen blev sendt til underskrift.');
    const token = await mailedToken(id);
    expect(token.split('-')[1].length * 5).toBeGreaterThanOrEqual(128);
    const req = await t.database.owner.selectFrom('contract_sign_requests').selectAll().where('contract_id', '=', id).executeTakeFirstOrThrow();
    expect(req.token_hash).toBe(sha(Buffer.from(token)));
    expect(JSON.stringify(req)).not.toContain(token.split('-')[1]);

    const page = await t.request('GET', `/api/contracts/${id}/esign?token=${token}`, { headers: { 'user-agent': UA } });
    expect(page.statusCode).toBe(200);
    const unsignedStored = await storage().get(req.unsigned_key as string);
    expect(Buffer.compare(page.rawPayload, unsignedStored as Buffer)).toBe(0);
    expect(sha(unsignedStored as Buffer)).toBe(req.unsigned_sha256);

    const noSig = await t.request('POST', `/api/contracts/${id}/esign`, { body: { token, signature: '' }, headers: { 'user-agent': UA } });
    expect(noSig.json()).toMatchObject({ success: false, error: 'Underskrift er påkrævet!' });

    const signed = await t.request('POST', `/api/contracts/${id}/esign`, { body: { token, signature: PNG, name: 'Signe Sponsor' }, headers: { 'user-agent': UA } });
    expect(signed.json()).toMatchObject({ success: true, token, message: 'Aftale underskrevet' });
    const done = await t.database.owner.selectFrom('contract_sign_requests').selectAll().where('id', '=', req.id).executeTakeFirstOrThrow();
    expect(done.used_at).toBeInstanceOf(Date);
    const stamped = (await storage().get(done.stamped_key as string)) as Buffer;
    const final = (await storage().get(done.signed_key as string)) as Buffer;
    expect(sha(stamped)).toBe(done.stamped_sha256);
    expect(sha(final)).toBe(done.signed_sha256);
    expect(Buffer.from(signed.json().data.base64, 'base64').equals(final)).toBe(true);
    // The evidence page: the last page of the signed PDF.
    const unsignedPages = (await pdfText(unsignedStored as Buffer)).pages;
    const all = await pdfText(final);
    expect(all.pages).toBe(unsignedPages + 1);
    const evidence = (await pdfText(final, all.pages)).text;
    for (const s of ['Dokumentation for underskrift', 'Signe Sponsor', contactEmail, '127.0.0.1', 'Testbrowser/1.0', done.unsigned_sha256 as string, done.stamped_sha256 as string, 'UTC']) {
      expect(evidence.replace(/\s/g, '')).toContain(s.replace(/\s/g, ''));
    }
    expect(evidence).toContain((done.used_at as Date).toISOString().slice(0, 16).replace('T', ' '));
    // The stamped document is the unsigned one plus the signature: same number of pages, different bytes.
    expect((await pdfText(stamped)).pages).toBe(unsignedPages);

    const c = await call.contracts.get({ id });
    expect(c.agreementStatus).toBe('signed');
    expect(c.signTrail.map((s) => s.event)).toEqual(['sent', 'opened', 'signed']);
    expect(c.signTrail[2]).toMatchObject({ ip: '127.0.0.1', userAgent: UA, name: 'Signe Sponsor', email: contactEmail, sha256: done.signed_sha256 });
    expect(c.audit.map((a) => a.action)).toContain('signed');

    // Used once: signing again is refused; the page shows the signed PDF.
    const again = await t.request('POST', `/api/contracts/${id}/esign`, { body: { token, signature: PNG } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CONTRACT_MSG.tokenUsed);
    const after = await t.request('GET', `/api/contracts/${id}/esign?token=${token}`);
    expect(Buffer.compare(after.rawPayload, final)).toBe(0);
  });

  it('wrong tokens are refused and change nothing', async () => {
    const id = await signedAgreement();
    await call.contracts.sendSigning({ id });
    const token = await mailedToken(id);
    const wrong = `${ids.clientId}-${'c'.repeat(32)}`;
    await refused(t, () => call.contracts.sign({ id, token: wrong, signature: PNG }), 'Elementet blev ikke fundet.');
    await refused(t, () => call.contracts.sign({ id, token: 'ikke-et-token', signature: PNG }), CONTRACT_MSG.tokenInvalid);
    // The right token on another agreement's id.
    const other = await signedAgreement();
    await refused(t, () => call.contracts.sign({ id: other, token, signature: PNG }), 'Elementet blev ikke fundet.');
    const nabo = await t.database.owner.selectFrom('clients').select('id').where('name', '=', 'Nabo BK').executeTakeFirstOrThrow();
    await refused(t, () => call.contracts.sign({ id, token: `${nabo.id}-${token.split('-')[1]}`, signature: PNG }), 'Elementet blev ikke fundet.');
  });

  it('a link is stale once the agreement changed (or was cancelled) since it was sent', async () => {
    const id = await signedAgreement();
    await call.contracts.sendSigning({ id });
    const token = await mailedToken(id);
    await call.contracts.update({ ...contractInput(ids), id, description: 'Ændret efter afsendelse' });
    await refused(t, () => call.contracts.sign({ id, token, signature: PNG }), CONTRACT_MSG.tokenStale);
    const page = await t.request('GET', `/api/contracts/${id}/esign?token=${token}`);
    expect(page.statusCode).toBe(409);
    expect(page.json().error).toBe(CONTRACT_MSG.tokenStale);
    await render();
    await call.contracts.sendSigning({ id });
    const fresh = await mailedToken(id);
    await call.contracts.cancel({ id });
    await refused(t, () => call.contracts.sign({ id, token: fresh, signature: PNG }), CONTRACT_MSG.tokenStale);
  });

  it('the trail is append-only for the app role: the database grants INSERT and SELECT, never UPDATE or DELETE', async () => {
    const grants = await sql<{ privilege_type: string }>`
      SELECT privilege_type FROM information_schema.role_table_grants WHERE grantee = 'klubhus_app' AND table_name = 'contract_sign_trail' ORDER BY privilege_type`.execute(t.database.owner);
    expect(grants.rows.map((r) => r.privilege_type).sort()).toEqual(['INSERT', 'SELECT']);
    const has = await sql<{ u: boolean; d: boolean; i: boolean }>`
      SELECT has_table_privilege('klubhus_app', 'contract_sign_trail', 'UPDATE') AS u, has_table_privilege('klubhus_app', 'contract_sign_trail', 'DELETE') AS d,
             has_table_privilege('klubhus_app', 'contract_sign_trail', 'INSERT') AS i`.execute(t.database.owner);
    expect(has.rows[0]).toEqual({ u: false, d: false, i: true });
    // And as the app role, in a club transaction, an update and a delete are refused by the database.
    for (const statement of [sql`UPDATE contract_sign_trail SET ip = 'x'`, sql`DELETE FROM contract_sign_trail`]) {
      const error = await t.database.db
        .transaction()
        .execute(async (trx) => {
          await setScope(trx, ids.clientId, null);
          await statement.execute(trx);
        })
        .then(
          () => null,
          (e) => e as Error,
        );
      expect(String(error?.message)).toMatch(/permission denied/);
    }
  });
});
