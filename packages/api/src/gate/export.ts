import { GATE_MSG, type TAttendee } from '@klubhus/domain';
import { type XlsxColumn, xlsxWorkbook } from '../lib/xlsx';

/** An extra-info answer as one cell: its values joined, else its value; '' when the attendee has none. */
function extraCell(r: TAttendee, title: string) {
  const x = r.extraInfo.find((e) => e.title === title);
  return x ? (x.values?.length ? x.values.join(', ') : (x.value ?? '')) : '';
}

/** Tilmeldingsliste.xlsx: every attendee column, then one column per extra-info question. */
export async function attendeesWorkbook(rows: TAttendee[]) {
  const extraTitles = [...new Set(rows.flatMap((r) => r.extraInfo.map((x) => x.title)))];
  const columns: XlsxColumn<TAttendee>[] = [
    { header: 'Nummer', width: 10, cell: (r) => r.number },
    { header: 'Navn', width: 28, cell: (r) => r.name ?? '' },
    { header: 'Virksomhed', width: 28, cell: (r) => r.company ?? '' },
    { header: 'Billet', width: 24, cell: (r) => r.product },
    { header: 'Sektion', width: 12, cell: (r) => r.section ?? '' },
    { header: 'Række', width: 8, cell: (r) => r.row ?? '' },
    { header: 'Plads', width: 8, cell: (r) => r.seatNumber ?? '' },
    { header: 'Tilvalg', width: 28, cell: (r) => r.options.join(', ') },
    { header: GATE_MSG.scanned, width: 10, cell: (r) => (r.scanned ? 'Ja' : 'Nej') },
    { header: 'Scannet tidspunkt', width: 20, cell: (r) => (r.scannedAt ? new Date(r.scannedAt) : null), numFmt: 'dd-mm-yyyy hh:mm' },
    { header: 'Scannet af', width: 22, cell: (r) => r.scannedBy ?? '' },
    { header: GATE_MSG.ticketCode, width: 36, cell: (r) => r.ticketId },
    ...extraTitles.map((title) => ({ header: title, width: 24, cell: (r: TAttendee) => extraCell(r, title) })),
  ];
  return xlsxWorkbook(`${GATE_MSG.exportName}.xlsx`, GATE_MSG.exportName, columns, rows);
}
