import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type TOrderListRow } from '@klubhus/domain';
import ExcelJS from 'exceljs';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Ordrer.xlsx: the list's columns with Danish headers and labels, the price in kroner, the date as a date. */
export async function ordersWorkbook(rows: TOrderListRow[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ordrer');
  ws.columns = [
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Nummer', key: 'number', width: 10 },
    { header: 'Betaling', key: 'payment', width: 14 },
    { header: 'Kontaktperson', key: 'contact', width: 28 },
    { header: 'Virksomhed', key: 'company', width: 28 },
    { header: 'Pris', key: 'price', width: 14 },
    { header: 'Dato', key: 'date', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      status: ORDER_STATUS_LABELS[r.status],
      number: r.number,
      payment: PAYMENT_STATUS_LABELS[r.payment],
      contact: r.contact ?? '',
      company: r.company ?? '',
      price: r.price,
      date: new Date(r.date),
    });
  }
  ws.getColumn('price').numFmt = '#,##0.00';
  ws.getColumn('date').numFmt = 'dd-mm-yyyy';
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: 'Ordrer.xlsx', mimeType: XLSX_MIME, base64: buffer.toString('base64') };
}
