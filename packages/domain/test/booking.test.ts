import { describe, expect, it } from 'vitest';
import { BOOKING_MSG, bookingLimitMessage, bookingMax, bookingSpinner, bookingUserKey, draftExpired, MAX_BOOKING_TICKETS, splitFreePaid, ZBookingCustomer, ZBookingLine, ZBookingRequest } from '../src';

/** The wizard's rules shared by the web client and the server (SPEC §5, §3 booking draft). */
describe('booking rules', () => {
  it('free/paid split: units within the free allowance are price 0, the rest at the price', () => {
    expect(splitFreePaid(3, 2, 25000)).toEqual({ free: 2, paid: 1, total: 25000 });
    expect(splitFreePaid(2, 5, 25000)).toEqual({ free: 2, paid: 0, total: 0 });
    expect(splitFreePaid(2, 0, 12000)).toEqual({ free: 0, paid: 2, total: 24000 });
    expect(splitFreePaid(2, -1, 100)).toEqual({ free: 0, paid: 2, total: 200 });
  });

  it('the spinner’s max is what the buyer may add less what is added', () => {
    expect(bookingMax({ maxAmount: 5 }, 2)).toBe(3);
    expect(bookingMax({ maxAmount: 1 }, 4)).toBe(0);
  });

  it('limit messages: none with room; only {n} left when the product binds; Max. {n} mere when the buyer’s limit binds; sold out with the club’s e-mail', () => {
    const email = 'kontakt@demo.dk';
    expect(bookingLimitMessage({ available: 10, maxAmount: 10 }, 3, email)).toBeNull();
    expect(bookingLimitMessage({ available: 3, maxAmount: 3 }, 4, email)).toBe('Der er kun 3 tilgængelige pladser');
    expect(bookingLimitMessage({ available: 50, maxAmount: 5 }, 6, email)).toBe('Max. 5 mere til dette arrangement');
    expect(bookingLimitMessage({ available: null, maxAmount: 2 }, 3, email)).toBe(BOOKING_MSG.maxMore(2));
    expect(bookingLimitMessage({ available: 0, maxAmount: 0 }, 1, email)).toBe('Der er ikke nogle tilgængelige billetter. Kontakt kontakt@demo.dk for mere info');
  });

  it('the spinner stops at what the booking still takes: MAX_BOOKING_TICKETS less every line, with Max. {n} mere', () => {
    const email = 'kontakt@demo.dk';
    const roomy = { available: null, maxAmount: MAX_BOOKING_TICKETS };
    // Nothing added: the product's own limit, no message.
    expect(bookingSpinner(roomy, 0, 0, 5, email)).toEqual({ max: 100, message: null });
    // 60 tickets of other products in the booking: 40 more of this one, 41 is refused with the server's text.
    expect(bookingSpinner(roomy, 0, 60, 40, email)).toEqual({ max: 40, message: null });
    expect(bookingSpinner(roomy, 0, 60, 41, email)).toEqual({ max: 40, message: BOOKING_MSG.maxMore(40) });
    // This product's own lines count once: 30 of it and 50 of others leave 20.
    expect(bookingSpinner(roomy, 30, 80, 0, email)).toEqual({ max: 20, message: null });
    // The booking full: nothing more of any product, and the message says why (not the sold-out text).
    expect(bookingSpinner(roomy, 0, 100, 0, email)).toEqual({ max: 0, message: 'Max. 0 mere til dette arrangement' });
    // The product's own limit lower than what the booking takes: exactly the product-alone rules.
    expect(bookingSpinner({ available: 3, maxAmount: 3 }, 0, 90, 4, email)).toEqual({ max: 3, message: 'Der er kun 3 tilgængelige pladser' });
    expect(bookingSpinner({ available: 50, maxAmount: 5 }, 2, 50, 4, email)).toEqual({ max: 3, message: BOOKING_MSG.maxMore(3) });
    expect(bookingSpinner({ available: 0, maxAmount: 0 }, 0, 100, 1, email).message).toBe(BOOKING_MSG.noTickets(email));
  });

  it('SPEC’s texts word for word', () => {
    expect(BOOKING_MSG.noCompany('a@b.dk')).toBe('Din bruger er ikke tilkoblet nogen virksomhed. Kontakt a@b.dk for at blive korrekt koblet på.');
    expect(BOOKING_MSG.loginOrGuest).toBe('Log ind eller køb som gæst');
    expect(BOOKING_MSG.paymentFailed).toBe('Betalingen kunne ikke gennemføres!');
    expect(BOOKING_MSG.seatsGone).toBe('De valgte pladser er ikke længere tilgængelig!');
    expect(BOOKING_MSG.seatRequired).toBe('Plads skal vælges!');
    expect(BOOKING_MSG.seatLoadFailed).toBe('Kunne ikke indlæse pladsvælgeren!');
    expect([BOOKING_MSG.attending, BOOKING_MSG.notAttending]).toEqual(['Deltager', 'Deltager ikke']);
  });

  it('a line needs an amount of at least 1; customer info for a guest, the password only with create-user', () => {
    expect(ZBookingLine.safeParse({ productId: 1, amount: 0 }).error?.issues[0].message).toBe(BOOKING_MSG.amountRequired);
    // Over one booking's maximum: SPEC §5's 'Max. {n} mere', not an invitation's text.
    expect(ZBookingLine.safeParse({ productId: 1, amount: 101 }).error?.issues[0].message).toBe(BOOKING_MSG.maxMore(100));
    expect(ZBookingLine.parse({ productId: 1, amount: '2' })).toMatchObject({ productId: 1, amount: 2, seat: null, holdToken: null });
    const customer = { firstname: 'A', lastname: 'B', email: 'A@B.dk', phone: '1' };
    expect(ZBookingCustomer.parse(customer)).toMatchObject({ email: 'a@b.dk', createUser: false });
    expect(ZBookingCustomer.safeParse({ ...customer, createUser: true }).error?.issues[0].message).toBe(BOOKING_MSG.passwordRequired);
    expect(ZBookingCustomer.safeParse({ ...customer, phone: '' }).error?.issues[0].message).toBe('Telefon er påkrævet');
    expect(ZBookingRequest.parse({ eventId: 1, products: [{ productId: 2, amount: 1 }], acceptTerms: true })).toMatchObject({ companyId: null, createUser: false });
  });

  it('buyer keys and draft expiry', () => {
    expect(bookingUserKey({ companyId: 4 })).toBe('company:4');
    expect(bookingUserKey({ contactId: 7 })).toBe('contact:7');
    expect(bookingUserKey({})).toBe('none');
    expect(draftExpired({ expires: null })).toBe(false);
    expect(draftExpired({ expires: 1000 }, 2000)).toBe(true);
    expect(draftExpired({ expires: 3000 }, 2000)).toBe(false);
  });
});
