import type { Tx } from '@klubhus/db';
import {
  type ContractSettings,
  formatDanishDate,
  formatDKK,
  invoiceTotals,
  invoicingSchedule,
  orderTotals,
  type PriceDisplay,
  type VatSettings,
} from '@klubhus/domain';
import { logoDataUri, type StoredBytes } from '../invoices/html';
import { invoiceMoney } from '../invoices/service';
import { fail } from '../lib/errors';
import { escapeHtml } from '../lib/mail';
import { storedContractLines } from './service';

/**
 * The agreement's PDF layout (SPEC §3 Client settings contracts, §9 priceDisplay): one HTML document
 * printed by the contract PDF job on the shared renderer. The club's contract settings decide the
 * title (pdfTitle, or the category with categoryAsPdfTitle), colours, the logo left or right, the
 * banner, how prices are shown (Total: only the agreement's total; Category: a sum per product
 * category; Product: every line with its price), the totals with and without VAT, whether the lines'
 * worth is hidden, and the additional title, description, general and payment terms.
 */

export interface ContractDocument {
  club: { name: string; logo: string | null; address: string | null; zipCode: string | null; city: string | null; cvr: string | null; email: string | null; phone: string | null };
  settings: ContractSettings;
  banner: string | null;
  contract: {
    number: number;
    title: string;
    description: string | null;
    contractDescription: string | null;
    supplementalDescription: string | null;
    startDate: string | null;
    endDate: string | null;
    noEndDate: boolean;
    season: string | null;
  };
  company: { name: string; address: string | null; zipCode: string | null; city: string | null; cvr: string | null } | null;
  contact: { name: string; email: string | null } | null;
  lines: { title: string; description: string | null; category: string; amount: number; price: number; discount: number; total: number }[];
  totals: { gross: number; discount: number; subtotal: number; vat: number; total: number; additionalFee: number };
  vat: VatSettings;
  plan: { label: string; date: string; total: number }[];
}

const e = (s: string | null | undefined) => escapeHtml(s ?? '');
const para = (s: string | null | undefined) => (s ? `<p>${e(s).replace(/\n/g, '<br>')}</p>` : '');
const color = (c: string | null | undefined, fallback: string) => (c && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : fallback);

export async function contractDocument(trx: Tx, clientId: number, contractId: number, storage: StoredBytes | null): Promise<ContractDocument> {
  const c = await trx.selectFrom('contracts').selectAll().where('client_id', '=', clientId).where('id', '=', contractId).executeTakeFirst();
  if (!c) throw fail.notFound();
  const club = await trx.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
  const settings = (((club.settings ?? {}) as { contracts?: ContractSettings }).contracts ?? {}) as ContractSettings;
  const vat: VatSettings = { vatRate: Number(club.vat_rate), pricesWithVat: club.prices_with_vat, disableVat: club.disable_vat };
  const lines = await storedContractLines(trx, clientId, c.id);
  const productIds = [...new Set(lines.map((l) => l.productId).filter((x): x is number => !!x))];
  const cats = productIds.length
    ? await trx
        .selectFrom('products as p')
        .leftJoin('product_categories as pc', (j) => j.onRef('pc.id', '=', 'p.category_id').onRef('pc.client_id', '=', 'p.client_id'))
        .select(['p.id', 'pc.title'])
        .where('p.client_id', '=', clientId)
        .where('p.id', 'in', productIds)
        .execute()
    : [];
  const categoryOf = new Map(cats.map((r) => [r.id, r.title ?? 'Øvrige']));
  const category = c.category_id
    ? await trx.selectFrom('order_categories').select(['title']).where('client_id', '=', clientId).where('id', '=', c.category_id).executeTakeFirst()
    : undefined;
  const season = c.season_id ? await trx.selectFrom('seasons').select('title').where('client_id', '=', clientId).where('id', '=', c.season_id).executeTakeFirst() : undefined;
  const company = c.company_id
    ? await trx.selectFrom('companies').select(['name', 'address', 'zip_code', 'city', 'cvr']).where('client_id', '=', clientId).where('id', '=', c.company_id).executeTakeFirst()
    : undefined;
  const contact = c.contact_id
    ? await trx.selectFrom('contacts').select(['firstname', 'lastname', 'email']).where('client_id', '=', clientId).where('id', '=', c.contact_id).executeTakeFirst()
    : undefined;
  const t = orderTotals({ lines, orderDiscount: Number(c.order_discount), additionalFee: Number(c.additional_fee), invoicing: c.invoicing }, vat);
  const money = invoiceMoney(lines, c);
  const plan = c.invoicing ? invoicingSchedule(money, vat, c.start_date ?? new Date().toISOString().slice(0, 10)).map((p) => ({ label: p.label, date: p.date, total: invoiceTotals(p.lines, vat).total })) : [];
  const title = (settings.categoryAsPdfTitle && category?.title) || settings.pdfTitle || category?.title || 'Sponsoraftale';
  return {
    club: { name: club.name, logo: await logoDataUri(settings.pdfLogo ?? club.logo, storage), address: club.address, zipCode: club.zip_code, city: club.city, cvr: club.cvr, email: club.email, phone: club.phone },
    settings,
    banner: await logoDataUri(settings.pdfBanner ?? null, storage),
    contract: {
      number: c.contract_number,
      title,
      description: c.description,
      contractDescription: c.contract_description,
      supplementalDescription: c.supplemental_description,
      startDate: c.start_date,
      endDate: c.end_date,
      noEndDate: c.no_end_date,
      season: season?.title ?? null,
    },
    company: company ? { name: company.name, address: company.address, zipCode: company.zip_code, city: company.city, cvr: company.cvr } : null,
    contact: contact ? { name: `${contact.firstname} ${contact.lastname}`.trim(), email: contact.email } : null,
    lines: lines
      .filter((l) => !l.productDeleted || true)
      .map((l) => {
        const unit = l.price + (l.options ?? []).reduce((s, o) => s + o.price, 0);
        return {
          title: l.title,
          description: l.description ?? null,
          category: l.categoryLine ? (category?.title ?? 'Øvrige') : l.productId ? (categoryOf.get(l.productId) ?? 'Øvrige') : 'Øvrige',
          amount: Number(l.amount),
          price: unit,
          discount: l.discount ?? 0,
          total: Math.round(unit * Number(l.amount)) - (l.discount ?? 0),
        };
      }),
    totals: { gross: t.gross, discount: t.discount, subtotal: t.subtotal, vat: t.vat, total: t.total, additionalFee: t.additionalFee },
    vat,
    plan,
  };
}

const amountText = (n: number) => String(n).replace('.', ',');

export function contractHtml(doc: ContractDocument): string {
  const s = doc.settings;
  const accent = color(s.color, '#22543d');
  const header = color(s.headerColor, accent);
  const display: PriceDisplay = s.priceDisplay === 'Category' || s.priceDisplay === 'Total' ? s.priceDisplay : 'Product';
  const logo = doc.club.logo ? `<img class="logo" src="${e(doc.club.logo)}" alt="${e(doc.club.name)}">` : `<div class="logo-text">${e(doc.club.name)}</div>`;
  const c = doc.contract;
  const period = c.startDate ? `${formatDanishDate(c.startDate)} – ${c.noEndDate ? 'uden slutdato' : formatDanishDate(c.endDate)}` : '';
  let body = '';
  if (display === 'Product') {
    body = doc.lines
      .map(
        (l) =>
          `<tr><td>${e(l.title)}${l.description ? `<div class="sub">${e(l.description)}</div>` : ''}</td><td class="num">${amountText(l.amount)}</td>${
            s.hideWorth ? '' : `<td class="num">${formatDKK(l.price)}</td><td class="num">${formatDKK(l.total)}</td>`
          }</tr>`,
      )
      .join('');
    body = `<table class="lines"><thead><tr><th>Ydelse</th><th class="num">Antal</th>${s.hideWorth ? '' : '<th class="num">Pris</th><th class="num">I alt</th>'}</tr></thead><tbody>${body}</tbody></table>`;
  } else if (display === 'Category') {
    const groups = new Map<string, { lines: typeof doc.lines; total: number }>();
    for (const l of doc.lines) {
      const g = groups.get(l.category) ?? { lines: [], total: 0 };
      g.lines.push(l);
      g.total += l.total;
      groups.set(l.category, g);
    }
    body = `<table class="lines"><thead><tr><th>Ydelse</th><th class="num">Antal</th>${s.hideWorth ? '' : '<th class="num">I alt</th>'}</tr></thead><tbody>${[...groups.entries()]
      .map(
        ([name, g]) =>
          `<tr class="group"><td>${e(name)}</td><td></td>${s.hideWorth ? '' : `<td class="num">${formatDKK(g.total)}</td>`}</tr>${g.lines
            .map((l) => `<tr><td class="indent">${e(l.title)}${l.description ? `<div class="sub">${e(l.description)}</div>` : ''}</td><td class="num">${amountText(l.amount)}</td>${s.hideWorth ? '' : '<td></td>'}</tr>`)
            .join('')}`,
      )
      .join('')}</tbody></table>`;
  } else {
    body = `<table class="lines"><thead><tr><th>Ydelse</th><th class="num">Antal</th></tr></thead><tbody>${doc.lines
      .map((l) => `<tr><td>${e(l.title)}${l.description ? `<div class="sub">${e(l.description)}</div>` : ''}</td><td class="num">${amountText(l.amount)}</td></tr>`)
      .join('')}</tbody></table>`;
  }
  const showExcl = s.showTotalExclVat !== false;
  const showWith = s.showTotalWithVat !== false && !doc.vat.disableVat;
  const totals = [
    ...(doc.totals.discount && !s.hideWorth ? [['Rabat', -doc.totals.discount]] : []),
    ...(doc.totals.additionalFee ? [['Gebyr', doc.totals.additionalFee]] : []),
    ...(showExcl ? [['Total ekskl. moms', doc.totals.subtotal]] : []),
    ...(showWith ? [[`Moms (${amountText(doc.vat.vatRate)} %)`, doc.totals.vat], ['Total inkl. moms', doc.totals.total]] : []),
  ] as [string, number][];
  const plan = doc.plan.length
    ? `<h3>Betalingsplan</h3><table class="lines"><tbody>${doc.plan.map((p) => `<tr><td>${e(p.label)}</td><td>${formatDanishDate(p.date)}</td><td class="num">${formatDKK(p.total)}</td></tr>`).join('')}</tbody></table>`
    : '';
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>${e(c.title)} nr. ${c.number}</title><style>
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 10pt; color: #1a202c; }
  header { display: flex; justify-content: space-between; align-items: center; flex-direction: ${s.logoRight ? 'row-reverse' : 'row'}; border-bottom: 3px solid ${header}; padding-bottom: 8px; }
  .logo { max-height: 60px; max-width: 220px; } .logo-text { font-size: 18pt; font-weight: 700; color: ${accent}; }
  h1 { color: ${header}; font-size: 20pt; margin: 16px 0 4px; } h2 { color: ${accent}; font-size: 13pt; } h3 { color: ${accent}; }
  .banner { width: 100%; max-height: 120px; object-fit: cover; margin-top: 8px; }
  .parties { display: flex; gap: 32px; margin: 12px 0; } .parties div { flex: 1; }
  table.lines { width: 100%; border-collapse: collapse; margin-top: 8px; } table.lines th { text-align: left; background: ${accent}; color: #fff; padding: 4px 6px; }
  table.lines td { border-bottom: 1px solid #e2e8f0; padding: 4px 6px; vertical-align: top; } .num { text-align: right; white-space: nowrap; }
  .group td { font-weight: 700; background: #f7fafc; } .indent { padding-left: 18px !important; } .sub { color: #4a5568; font-size: 9pt; }
  .totals { margin-left: auto; width: 50%; margin-top: 8px; } .totals td { padding: 2px 6px; } .totals tr:last-child td { font-weight: 700; border-top: 1px solid #1a202c; }
  .terms { margin-top: 16px; font-size: 9pt; } .sign { display: flex; gap: 40px; margin-top: 40px; } .sign div { flex: 1; border-top: 1px solid #1a202c; padding-top: 4px; }
</style></head><body>
<header>${logo}<div>${e(doc.club.name)}<br>${e(doc.club.address)}<br>${e(doc.club.zipCode)} ${e(doc.club.city)}${doc.club.cvr ? `<br>CVR ${e(doc.club.cvr)}` : ''}</div></header>
${doc.banner ? `<img class="banner" src="${e(doc.banner)}" alt="">` : ''}
<h1>${e(c.title)}</h1>
<div>Aftale nr. ${c.number}${c.season ? ` · ${e(c.season)}` : ''}${period ? ` · ${period}` : ''}</div>
${s.pdfAdditionalTitle ? `<h2>${e(s.pdfAdditionalTitle)}</h2>` : ''}
${para(s.pdfDescription)}
<div class="parties"><div><strong>Sponsor</strong><br>${e(doc.company?.name)}<br>${e(doc.company?.address)}<br>${e(doc.company?.zipCode)} ${e(doc.company?.city)}${doc.company?.cvr ? `<br>CVR ${e(doc.company.cvr)}` : ''}${
    doc.contact ? `<br>Att.: ${e(doc.contact.name)}` : ''
  }</div><div><strong>Klub</strong><br>${e(doc.club.name)}<br>${e(doc.club.email)}<br>${e(doc.club.phone)}</div></div>
${para(c.description)}${para(c.contractDescription)}
<h2>Ydelser</h2>
${body}
<table class="totals">${totals.map(([label, ore]) => `<tr><td>${e(label)}</td><td class="num">${formatDKK(ore)}</td></tr>`).join('')}</table>
${plan}
${para(c.supplementalDescription)}
${s.pdfPaymentTerms ? `<div class="terms"><h3>Betalingsbetingelser</h3>${para(s.pdfPaymentTerms)}</div>` : ''}
${s.pdfGeneralTerms ? `<div class="terms"><h3>Generelle betingelser</h3>${para(s.pdfGeneralTerms)}</div>` : ''}
<div class="sign"><div>For ${e(doc.club.name)}</div><div>For ${e(doc.company?.name ?? 'sponsor')}</div></div>
</body></html>`;
}

export const contractPdfName = (number: number) => `Aftale-${number}.pdf`;
