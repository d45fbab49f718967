import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type TOrderListRow } from '@klubhus/domain';
import { xlsxWorkbook } from '../lib/xlsx';

/** Ordrer.xlsx: the list's columns with Danish headers and labels, the price in kroner, the date as a date. */
export async function ordersWorkbook(rows: TOrderListRow[]) {
  return xlsxWorkbook('Ordrer.xlsx', 'Ordrer', [
    { header: 'Status', width: 14, cell: (r) => ORDER_STATUS_LABELS[r.status] },
    { header: 'Nummer', width: 10, cell: (r) => r.number },
    { header: 'Betaling', width: 14, cell: (r) => PAYMENT_STATUS_LABELS[r.payment] },
    { header: 'Kontaktperson', width: 28, cell: (r) => r.contact ?? '' },
    { header: 'Virksomhed', width: 28, cell: (r) => r.company ?? '' },
    { header: 'Pris', width: 14, cell: (r) => r.price, numFmt: '#,##0.00' },
    { header: 'Dato', width: 14, cell: (r) => new Date(r.date), numFmt: 'dd-mm-yyyy' },
  ], rows);
}
