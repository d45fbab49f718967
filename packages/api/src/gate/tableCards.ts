import type { Tx } from '@klubhus/db';
import { TABLE_MSG } from '@klubhus/domain';
import type { FileStorage } from '@klubhus/integrations';
import { degrees, PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { fail } from '../lib/errors';
import { printable } from '../lib/pdfText';
import { listTables } from './tables';

/**
 * Table cards (SPEC §7 GET /{id}/table-cards, §9 formats A4, A4 folded, A5; Portrait, Landscape):
 * one card per table with its title, description and guests, on the event's card picture. Drawn
 * with pdf-lib like the tickets (no browser), so the request never waits on Chromium.
 * 'A4 folded' is a tent card: the lower half upright, the upper half turned, folded in the middle.
 */

const SIZES = { A4: [595.28, 841.89], A5: [419.53, 595.28] } as const;

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let t = printable(text);
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > width) t = `${t.slice(0, -2)}…`;
  return t;
}

type Card = { title: string; description: string | null; guests: string[] };

/** One card in the box (x, y, w, h); turned 180° about the box's centre when `turned`. */
function drawCard(page: PDFPage, box: { x: number; y: number; w: number; h: number }, card: Card, fonts: { bold: PDFFont; regular: PDFFont }, picture: PDFImage | null, turned: boolean) {
  const rotate = turned ? degrees(180) : degrees(0);
  // A point of the box, turned with it.
  const at = (dx: number, dy: number) => (turned ? { x: box.x + box.w - dx, y: box.y + box.h - dy } : { x: box.x + dx, y: box.y + dy });
  if (picture) {
    const scale = Math.max(box.w / picture.width, box.h / picture.height);
    const w = picture.width * scale;
    const h = picture.height * scale;
    const p = at((box.w - w) / 2, (box.h - h) / 2);
    page.drawImage(picture, { ...p, width: w, height: h, rotate, opacity: 0.35 });
  }
  const margin = Math.min(box.w, box.h) * 0.08;
  const width = box.w - 2 * margin;
  const titleSize = Math.min(48, box.h / 6);
  const centred = (text: string, font: PDFFont, size: number, dy: number) => {
    const t = fit(text, font, size, width);
    const dx = (box.w - font.widthOfTextAtSize(t, size)) / 2;
    page.drawText(t, { ...at(dx, dy), size, font, rotate, color: rgb(0.1, 0.1, 0.1) });
  };
  let dy = box.h - margin - titleSize;
  centred(card.title, fonts.bold, titleSize, dy);
  if (card.description) {
    dy -= 22;
    centred(card.description, fonts.regular, 14, dy);
  }
  dy -= 30;
  const size = Math.max(9, Math.min(14, (dy - margin) / Math.max(1, card.guests.length) - 3));
  for (const g of card.guests) {
    if (dy < margin + size) break;
    centred(g, fonts.regular, size, dy);
    dy -= size + 4;
  }
}

async function cardPicture(trx: Tx, clientId: number, storage: FileStorage, pdf: PDFDocument, fileId: number | null): Promise<PDFImage | null> {
  if (!fileId) return null;
  const f = await trx.selectFrom('files').select(['file_path', 'mime_type']).where('client_id', '=', clientId).where('id', '=', fileId).executeTakeFirst();
  if (!f) return null;
  const data = await storage.get(f.file_path);
  if (!data) return null;
  try {
    if (f.mime_type === 'image/png') return await pdf.embedPng(data);
    if (f.mime_type === 'image/jpeg' || f.mime_type === 'image/jpg') return await pdf.embedJpg(data);
  } catch {
    // A picture pdf-lib cannot read: the cards without it rather than none.
  }
  return null;
}

/** GET /{id}/table-cards: the cards of the event's tables as one PDF, in the plan's format and orientation. */
export async function tableCardsPdf(trx: Tx, clientId: number, storage: FileStorage, eventId: number) {
  const event = await trx.selectFrom('events').select(['id', 'title', 'table_plan']).where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw fail.notFound();
  const plan = (event.table_plan ?? {}) as { cardFormat?: string; cardOrientation?: string; cardPicture?: number | null };
  const format = plan.cardFormat === 'A5' ? 'A5' : plan.cardFormat === 'A4 folded' ? 'A4 folded' : 'A4';
  const landscape = plan.cardOrientation === 'Landscape';
  const { result: tables } = await listTables(trx, clientId, eventId);
  if (!tables.length) throw fail.badRequest(TABLE_MSG.noTables);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TABLE_MSG.tableCards} ${printable(event.title)}`);
  const fonts = { bold: await pdf.embedFont(StandardFonts.HelveticaBold), regular: await pdf.embedFont(StandardFonts.Helvetica) };
  const picture = await cardPicture(trx, clientId, storage, pdf, plan.cardPicture ?? null);
  const [w0, h0] = SIZES[format === 'A5' ? 'A5' : 'A4'];
  const [w, h] = landscape ? [h0, w0] : [w0, h0];
  for (const t of tables) {
    const card: Card = { title: t.title, description: t.description, guests: t.seating.map((s) => [s.name, s.company].filter(Boolean).join(' – ')) };
    const page = pdf.addPage([w, h]);
    if (format === 'A4 folded') {
      drawCard(page, { x: 0, y: 0, w, h: h / 2 }, card, fonts, picture, false);
      drawCard(page, { x: 0, y: h / 2, w, h: h / 2 }, card, fonts, picture, true);
      page.drawLine({ start: { x: 0, y: h / 2 }, end: { x: w, y: h / 2 }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7), dashArray: [4, 4] });
    } else {
      drawCard(page, { x: 0, y: 0, w, h }, card, fonts, picture, false);
    }
  }
  const data = await pdf.save();
  return { fileName: `${TABLE_MSG.tableCards}.pdf`, mimeType: 'application/pdf', base64: Buffer.from(data).toString('base64') };
}
