import { GATE_MSG, type TAttendee } from '@klubhus/domain';
import ExcelJS from 'exceljs';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Tilmeldingsliste.xlsx: every attendee column, then one column per extra-info question. */
export async function attendeesWorkbook(rows: TAttendee[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(GATE_MSG.exportName);
  const extraTitles = [...new Set(rows.flatMap((r) => r.extraInfo.map((x) => x.title)))];
  ws.columns = [
    { header: 'Nummer', key: 'number', width: 10 },
    { header: 'Navn', key: 'name', width: 28 },
    { header: 'Virksomhed', key: 'company', width: 28 },
    { header: 'Billet', key: 'product', width: 24 },
    { header: 'Sektion', key: 'section', width: 12 },
    { header: 'Række', key: 'row', width: 8 },
    { header: 'Plads', key: 'seatNumber', width: 8 },
    { header: 'Tilvalg', key: 'options', width: 28 },
    { header: GATE_MSG.scanned, key: 'scanned', width: 10 },
    { header: 'Scannet tidspunkt', key: 'scannedAt', width: 20 },
    { header: 'Scannet af', key: 'scannedBy', width: 22 },
    { header: GATE_MSG.ticketCode, key: 'ticketId', width: 36 },
    ...extraTitles.map((title, i) => ({ header: title, key: `extra${i}`, width: 24 })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const extra = Object.fromEntries(
      extraTitles.map((title, i) => {
        const x = r.extraInfo.find((e) => e.title === title);
        return [`extra${i}`, x ? (x.values?.length ? x.values.join(', ') : (x.value ?? '')) : ''];
      }),
    );
    ws.addRow({
      number: r.number,
      name: r.name ?? '',
      company: r.company ?? '',
      product: r.product,
      section: r.section ?? '',
      row: r.row ?? '',
      seatNumber: r.seatNumber ?? '',
      options: r.options.join(', '),
      scanned: r.scanned ? 'Ja' : 'Nej',
      scannedAt: r.scannedAt ? new Date(r.scannedAt) : null,
      scannedBy: r.scannedBy ?? '',
      ticketId: r.ticketId,
      ...extra,
    });
  }
  ws.getColumn('scannedAt').numFmt = 'dd-mm-yyyy hh:mm';
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: `${GATE_MSG.exportName}.xlsx`, mimeType: XLSX_MIME, base64: buffer.toString('base64') };
}
