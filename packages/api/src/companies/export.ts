import { COMPANY_STATUS_LABELS, type TCompanyListRow } from '@klubhus/domain';
import { xlsxWorkbook } from '../lib/xlsx';

/** Virksomheder.xlsx: the list's columns with Danish headers, utilization as a percentage, status as its label. */
export async function companiesWorkbook(rows: TCompanyListRow[]) {
  return xlsxWorkbook('Virksomheder.xlsx', 'Virksomheder', [
    { header: 'Navn', width: 32, cell: (r) => r.name },
    { header: 'CVR', width: 12, cell: (r) => r.cvr },
    { header: 'Adresse', width: 30, cell: (r) => r.address },
    { header: 'Postnr.', width: 9, cell: (r) => r.zipCode },
    { header: 'By', width: 18, cell: (r) => r.city },
    { header: 'E-mail', width: 28, cell: (r) => r.email },
    { header: 'Telefon', width: 14, cell: (r) => r.phone },
    { header: 'Opfølgningsdato', width: 16, cell: (r) => r.followUpDate },
    { header: 'Udnyttelse', width: 11, cell: (r) => r.utilization / 100, numFmt: '0%' },
    { header: 'Status', width: 18, cell: (r) => COMPANY_STATUS_LABELS[r.status] ?? String(r.status) },
  ], rows);
}
