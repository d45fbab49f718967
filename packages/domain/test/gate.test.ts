import { describe, expect, it } from 'vitest';
import { buyerSeatText, ticketSeatText } from '../src/gate';

describe('ticketSeatText (the attendee list, the scan panel and the order’s Billetter tab)', () => {
  it('says the section, Række and Plads that the ticket has, and nothing without a seat', () => {
    expect(ticketSeatText({ section: 'B', row: '9', seatNumber: '99' })).toBe('B, Række 9, Plads 99');
    expect(ticketSeatText({ section: 'Ståpladser', row: null, seatNumber: null })).toBe('Ståpladser');
    expect(ticketSeatText({ section: null, row: null, seatNumber: null })).toBe('');
  });
});

describe('buyerSeatText (the confirmation page, the season card, the receipt and the ticket PDF)', () => {
  it('names the section for the buyer and leaves out the parts the seat does not have (never "række null")', () => {
    expect(buyerSeatText({ section: 'B', row: '9', seatNumber: '99' })).toBe('Sektion B, Række 9, Plads 99');
    expect(buyerSeatText({ section: 'B', row: '9', seatNumber: '99' }, ' · ')).toBe('Sektion B · Række 9 · Plads 99');
    expect(buyerSeatText({ section: 'Ståpladser', row: null, seatNumber: null })).toBe('Sektion Ståpladser');
    expect(buyerSeatText({ section: null, row: null, seatNumber: null })).toBe('');
  });
});
