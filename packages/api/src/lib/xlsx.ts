import ExcelJS from 'exceljs';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One column of a list export: its Danish header, width and cell; `numFmt` formats the whole column. */
export interface XlsxColumn<Row> {
  header: string;
  width: number;
  cell: (row: Row) => unknown;
  numFmt?: string;
}

/**
 * The list exports' workbook: one sheet, a bold header row, a row per record, then the columns'
 * number formats; answered as a spreadsheet response (file name, MIME type, base64).
 */
export async function xlsxWorkbook<Row>(fileName: string, sheetName: string, columns: XlsxColumn<Row>[], rows: Row[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, c.cell(r)])));
  for (const [i, c] of columns.entries()) if (c.numFmt) ws.getColumn(`c${i}`).numFmt = c.numFmt;
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName, mimeType: XLSX_MIME, base64: buffer.toString('base64') };
}
