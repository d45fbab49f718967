/** A seat's key as a person reads it: 'A-12-7' → 'A, række 12, plads 7'. */
export function seatText(seat: string): string {
  const [section, row, number] = seat.split('-');
  return number ? `${section}, række ${row}, plads ${number}` : seat;
}
