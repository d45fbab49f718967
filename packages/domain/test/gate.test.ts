import { describe, expect, it } from 'vitest';
import { ticketSeatText } from '../src/gate';

describe('ticketSeatText (the attendee list, the scan panel and the order’s Billetter tab)', () => {
  it('says the section, Række and Plads that the ticket has, and nothing without a seat', () => {
    expect(ticketSeatText({ section: 'B', row: '9', seatNumber: '99' })).toBe('B, Række 9, Plads 99');
    expect(ticketSeatText({ section: 'Ståpladser', row: null, seatNumber: null })).toBe('Ståpladser');
    expect(ticketSeatText({ section: null, row: null, seatNumber: null })).toBe('');
  });
});
