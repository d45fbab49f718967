import { AGREEMENT_STATUS_LABELS, CONTRACT_STATUS_LABELS, type TContractListRow } from '@klubhus/domain';
import ExcelJS from 'exceljs';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const asDate = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : '');

/** Aftaler.xlsx: the list's columns with Danish headers and labels, amounts in kroner, dates as dates. */
export async function contractsWorkbook(rows: TContractListRow[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Aftaler');
  ws.columns = [
    { header: 'Nummer', key: 'number', width: 10 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Aftalestatus', key: 'agreement', width: 16 },
    { header: 'Virksomhed', key: 'company', width: 28 },
    { header: 'Kategori', key: 'category', width: 22 },
    { header: 'Startdato', key: 'start', width: 12 },
    { header: 'Slutdato', key: 'end', width: 12 },
    { header: 'Genforhandling', key: 'renew', width: 14 },
    { header: 'Subtotal', key: 'subtotal', width: 14 },
    { header: 'Gebyr', key: 'fee', width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      number: r.contractNumber,
      status: CONTRACT_STATUS_LABELS[r.status],
      agreement: AGREEMENT_STATUS_LABELS[r.agreementStatus],
      company: r.company ?? '',
      category: r.category ?? '',
      start: asDate(r.startDate),
      end: r.noEndDate ? 'Ingen slutdato' : asDate(r.endDate),
      renew: asDate(r.renewDate),
      subtotal: r.subtotal,
      fee: r.additionalFee,
    });
  }
  for (const k of ['subtotal', 'fee']) ws.getColumn(k).numFmt = '#,##0.00';
  for (const k of ['start', 'end', 'renew']) ws.getColumn(k).numFmt = 'dd-mm-yyyy';
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: 'Aftaler.xlsx', mimeType: XLSX_MIME, base64: buffer.toString('base64') };
}
