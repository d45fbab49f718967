import { COMPANY_STATUS_LABELS, type TCompanyListRow } from '@klubhus/domain';
import ExcelJS from 'exceljs';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Virksomheder.xlsx: the list's columns with Danish headers, utilization as a percentage, status as its label. */
export async function companiesWorkbook(rows: TCompanyListRow[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Virksomheder');
  ws.columns = [
    { header: 'Navn', key: 'name', width: 32 },
    { header: 'CVR', key: 'cvr', width: 12 },
    { header: 'Adresse', key: 'address', width: 30 },
    { header: 'Postnr.', key: 'zipCode', width: 9 },
    { header: 'By', key: 'city', width: 18 },
    { header: 'E-mail', key: 'email', width: 28 },
    { header: 'Telefon', key: 'phone', width: 14 },
    { header: 'Opfølgningsdato', key: 'followUpDate', width: 16 },
    { header: 'Udnyttelse', key: 'utilization', width: 11 },
    { header: 'Status', key: 'status', width: 18 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow({ ...r, utilization: r.utilization / 100, status: COMPANY_STATUS_LABELS[r.status] ?? String(r.status) });
  ws.getColumn('utilization').numFmt = '0%';
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: 'Virksomheder.xlsx', mimeType: XLSX_MIME, base64: buffer.toString('base64') };
}
