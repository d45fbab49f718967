import type { Tx } from '@klubhus/db';
import {
  formatAmount,
  formatDanishDate,
  formatDKK,
  INVOICE_COLLECTION_LABELS,
  INVOICE_TYPE_LABELS,
  type InvoiceLineDraft,
  invoiceTotals,
  type VatSettings,
} from '@klubhus/domain';
import { fail } from '../lib/errors';
import { escapeHtml } from '../lib/mail';
import { storedInvoiceLines } from './service';

/**
 * The invoice layout: one HTML document, printed to PDF by the PDF job and shown as it is by the
 * preview (GET /api/invoices/{id}/preview). The club's logo (a data URI or a stored image, embedded:
 * the page loads nothing), address, CVR and bank details; the recipient; the lines with quantity,
 * unit price, discount and amount; subtotal, VAT and total; Danish formats (1.234,50 kr., 25.11.2026).
 */

export interface InvoiceDocument {
  club: {
    name: string;
    logo: string | null;
    address: string | null;
    zipCode: string | null;
    city: string | null;
    cvr: string | null;
    email: string | null;
    phone: string | null;
    website: string | null;
    bankReg: string | null;
    bankAccount: string | null;
    invoiceText: string | null;
  };
  invoice: {
    type: 'invoice' | 'credit_note';
    number: number | null;
    isDraft: boolean;
    invoiceDate: string;
    paymentDate: string;
    title: string | null;
    orderNumber: number | null;
    creditsNumber: number | null;
    collection: 'transfer' | 'card';
    recipient: { name: string; attention?: string | null; address?: string | null; zipCode?: string | null; city?: string | null; cvr?: string | null; ean?: string | null; email?: string | null };
    vat: VatSettings;
    lines: InvoiceLineDraft[];
  };
}

const e = (s: string | null | undefined) => escapeHtml(s ?? '');
const amount = (n: number) => String(n).replace('.', ',');

export function invoiceHtml(doc: InvoiceDocument): string {
  const { club, invoice: i } = doc;
  const kind = INVOICE_TYPE_LABELS[i.type];
  const totals = invoiceTotals(i.lines, i.vat);
  const logo = club.logo
    ? `<img class="logo" src="${e(club.logo)}" alt="${e(club.name)}">`
    : `<div class="logo-text" aria-label="${e(club.name)}">${e(club.name)}</div>`;
  const rows = i.lines
    .map((l, k) => {
      const lt = totals.lines[k];
      return `<tr>
        <td>${e(l.title)}${l.description ? `<div class="desc">${e(l.description)}</div>` : ''}${l.vatExempt ? '<div class="desc">Momsfri</div>' : ''}</td>
        <td class="num">${amount(l.amount)}</td>
        <td class="num">${formatAmount(l.price)}</td>
        <td class="num">${l.discount ? formatAmount(lt.discount) : ''}</td>
        <td class="num">${formatAmount(lt.total)}</td>
      </tr>`;
    })
    .join('');
  const recipient = i.recipient;
  const clubLine = [club.address, [club.zipCode, club.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
  const bank = club.bankReg && club.bankAccount ? `Reg.nr. ${e(club.bankReg)} · Kontonr. ${e(club.bankAccount)}` : '';
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<title>${e(kind)} ${i.number ?? '(kladde)'} · ${e(club.name)}</title>
<style>
  @page { size: A4; margin: 16mm 16mm 20mm 16mm; }
  * { box-sizing: border-box; }
  body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #1a202c; margin: 0; }
  .head { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; }
  .logo { max-height: 60px; max-width: 220px; }
  .logo-text { font-size: 18pt; font-weight: 700; color: #22543d; }
  .club { text-align: right; font-size: 9pt; line-height: 1.5; }
  h1 { font-size: 20pt; margin: 28px 0 4px; }
  .draft { color: #c53030; font-size: 11pt; font-weight: 700; }
  .meta { display: flex; justify-content: space-between; gap: 24px; margin-top: 16px; }
  .to { line-height: 1.5; }
  table.facts td { padding: 1px 0 1px 16px; }
  table.facts td:first-child { color: #4a5568; padding-left: 0; }
  table.lines { width: 100%; border-collapse: collapse; margin-top: 24px; }
  table.lines th { text-align: left; border-bottom: 1.5px solid #1a202c; padding: 6px 4px; font-size: 9pt; }
  table.lines td { border-bottom: 1px solid #e2e8f0; padding: 6px 4px; vertical-align: top; }
  .num, table.lines th.num { text-align: right; white-space: nowrap; }
  .desc { color: #4a5568; font-size: 8.5pt; }
  table.totals { margin: 16px 0 0 auto; border-collapse: collapse; min-width: 45%; }
  table.totals td { padding: 4px; }
  table.totals tr.total td { border-top: 1.5px solid #1a202c; font-weight: 700; font-size: 12pt; }
  .pay { margin-top: 28px; padding: 10px 12px; background: #f7fafc; border: 1px solid #e2e8f0; line-height: 1.6; }
  .foot { margin-top: 24px; color: #4a5568; font-size: 8.5pt; }
</style>
</head>
<body>
  <div class="head">
    ${logo}
    <div class="club">
      <strong>${e(club.name)}</strong><br>
      ${e(clubLine)}<br>
      ${club.cvr ? `CVR ${e(club.cvr)}<br>` : ''}
      ${[club.phone, club.email, club.website].filter(Boolean).map(e).join(' · ')}
    </div>
  </div>
  <h1>${e(kind)}${i.number !== null ? ` nr. ${i.number}` : ''}${i.isDraft ? ' <span class="draft">KLADDE</span>' : ''}</h1>
  ${i.title ? `<div>${e(i.title)}</div>` : ''}
  <div class="meta">
    <div class="to">
      <strong>${e(recipient.name)}</strong><br>
      ${recipient.attention ? `Att.: ${e(recipient.attention)}<br>` : ''}
      ${recipient.address ? `${e(recipient.address)}<br>` : ''}
      ${recipient.zipCode || recipient.city ? `${e([recipient.zipCode, recipient.city].filter(Boolean).join(' '))}<br>` : ''}
      ${recipient.cvr ? `CVR ${e(recipient.cvr)}<br>` : ''}
      ${recipient.ean ? `EAN ${e(recipient.ean)}<br>` : ''}
    </div>
    <table class="facts">
      ${i.number !== null ? `<tr><td>${e(kind)}nr.</td><td>${i.number}</td></tr>` : ''}
      <tr><td>Fakturadato</td><td>${formatDanishDate(i.invoiceDate)}</td></tr>
      ${i.type === 'invoice' ? `<tr><td>Betalingsdato</td><td>${formatDanishDate(i.paymentDate)}</td></tr>` : ''}
      ${i.orderNumber ? `<tr><td>Ordrenr.</td><td>${i.orderNumber}</td></tr>` : ''}
      ${i.creditsNumber ? `<tr><td>Krediterer faktura</td><td>${i.creditsNumber}</td></tr>` : ''}
    </table>
  </div>
  <table class="lines">
    <thead><tr><th>Beskrivelse</th><th class="num">Antal</th><th class="num">Enhedspris${i.vat.pricesWithVat && !i.vat.disableVat ? ' inkl. moms' : ''}</th><th class="num">Rabat</th><th class="num">Beløb</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  <table class="totals">
    <tr><td>Subtotal ekskl. moms</td><td class="num">${formatDKK(totals.subtotal)}</td></tr>
    <tr><td>Moms${i.vat.disableVat ? '' : ` ${amount(i.vat.vatRate)} %`}</td><td class="num">${formatDKK(totals.vat)}</td></tr>
    <tr class="total"><td>Total DKK</td><td class="num">${formatDKK(totals.total)}</td></tr>
  </table>
  ${
    i.type === 'invoice'
      ? `<div class="pay">${
          i.collection === 'card'
            ? `Betales med ${e(INVOICE_COLLECTION_LABELS.card.toLowerCase())}.`
            : `Betales senest <strong>${formatDanishDate(i.paymentDate)}</strong>${bank ? ` til ${bank}` : ''}${i.number !== null ? `. Angiv fakturanr. ${i.number} ved betaling.` : '.'}`
        }</div>`
      : `<div class="pay">Beløbet krediteres ${bank ? `og udbetales til jeres konto eller modregnes` : 'og modregnes'}.</div>`
  }
  ${club.invoiceText ? `<div class="foot">${e(club.invoiceText)}</div>` : ''}
</body>
</html>`;
}

/** The club's logo as something the page can show without loading anything: a data URI as it is, a stored image embedded. */
/** What reads stored bytes (the file storage, or a call's CallFiles). */
export type StoredBytes = { get(key: string): Promise<Buffer | null> };

export async function logoDataUri(logo: string | null, storage: StoredBytes | null): Promise<string | null> {
  if (!logo) return null;
  if (/^data:image\/(png|jpeg|gif|svg\+xml|webp);base64,[A-Za-z0-9+/=]+$/.test(logo)) return logo;
  if (storage && /^[0-9]+\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(logo)) {
    const bytes = await storage.get(logo).catch(() => null);
    if (!bytes) return null;
    const mime = bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0xff ? 'image/jpeg' : bytes.subarray(0, 5).toString() === '<?xml' || bytes.subarray(0, 4).toString() === '<svg' ? 'image/svg+xml' : 'image/png';
    return `data:${mime};base64,${bytes.toString('base64')}`;
  }
  return null;
}

/** Reads what the layout needs of one invoice (in the club's transaction). */
export async function invoiceDocument(trx: Tx, clientId: number, invoiceId: number, storage: StoredBytes | null): Promise<InvoiceDocument> {
  const i = await trx.selectFrom('invoices').selectAll().where('client_id', '=', clientId).where('id', '=', invoiceId).executeTakeFirst();
  if (!i) throw fail.notFound();
  const c = await trx.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
  const lines = await storedInvoiceLines(trx, clientId, i.id);
  const order = i.order_id ? await trx.selectFrom('orders').select('order_number').where('client_id', '=', clientId).where('id', '=', i.order_id).executeTakeFirst() : undefined;
  const credits = i.credits_id ? await trx.selectFrom('invoices').select('number').where('client_id', '=', clientId).where('id', '=', i.credits_id).executeTakeFirst() : undefined;
  const settings = (c.settings ?? {}) as { economic?: { invoiceText?: string }; orders?: { invoiceDescription?: string } };
  return {
    club: {
      name: c.name,
      logo: await logoDataUri(c.logo, storage),
      address: c.address,
      zipCode: c.zip_code,
      city: c.city,
      cvr: c.cvr,
      email: c.email,
      phone: c.phone,
      website: c.website,
      bankReg: c.bank_reg,
      bankAccount: c.bank_account,
      invoiceText: settings.orders?.invoiceDescription || settings.economic?.invoiceText || null,
    },
    invoice: {
      type: i.type,
      number: i.number,
      isDraft: i.is_draft,
      invoiceDate: String(i.invoice_date).slice(0, 10),
      paymentDate: String(i.payment_date).slice(0, 10),
      title: i.title,
      orderNumber: order?.order_number ?? null,
      creditsNumber: credits?.number ?? null,
      collection: i.collection,
      recipient: i.recipient,
      vat: { vatRate: Number(i.vat_rate), pricesWithVat: i.prices_with_vat, disableVat: i.disable_vat },
      lines,
    },
  };
}

/** The HTML the PDF is printed from, for the browser (GET /api/invoices/{id}/preview). */
export async function invoicePreview(trx: Tx, clientId: number, invoiceId: number, storage: StoredBytes | null) {
  const doc = await invoiceDocument(trx, clientId, invoiceId, storage);
  const kind = INVOICE_TYPE_LABELS[doc.invoice.type];
  return { html: invoiceHtml(doc), fileName: `${kind}-${doc.invoice.number ?? 'kladde'}.html` };
}
