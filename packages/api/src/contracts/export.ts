import { AGREEMENT_STATUS_LABELS, CONTRACT_STATUS_LABELS, type TContractListRow } from '@klubhus/domain';
import { xlsxWorkbook } from '../lib/xlsx';

const asDate = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : '');
const KR = '#,##0.00';
const DATE = 'dd-mm-yyyy';

/** Aftaler.xlsx: the list's columns with Danish headers and labels, amounts in kroner, dates as dates. */
export async function contractsWorkbook(rows: TContractListRow[]) {
  return xlsxWorkbook('Aftaler.xlsx', 'Aftaler', [
    { header: 'Nummer', width: 10, cell: (r) => r.contractNumber },
    { header: 'Status', width: 14, cell: (r) => CONTRACT_STATUS_LABELS[r.status] },
    { header: 'Aftalestatus', width: 16, cell: (r) => AGREEMENT_STATUS_LABELS[r.agreementStatus] },
    { header: 'Virksomhed', width: 28, cell: (r) => r.company ?? '' },
    { header: 'Kategori', width: 22, cell: (r) => r.category ?? '' },
    { header: 'Startdato', width: 12, cell: (r) => asDate(r.startDate), numFmt: DATE },
    { header: 'Slutdato', width: 12, cell: (r) => (r.noEndDate ? 'Ingen slutdato' : asDate(r.endDate)), numFmt: DATE },
    { header: 'Genforhandling', width: 14, cell: (r) => asDate(r.renewDate), numFmt: DATE },
    { header: 'Subtotal', width: 14, cell: (r) => r.subtotal, numFmt: KR },
    { header: 'Gebyr', width: 12, cell: (r) => r.additionalFee, numFmt: KR },
  ], rows);
}
