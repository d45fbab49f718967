import { z } from 'zod';
import { required } from './numbers';

/**
 * The built-in test provider's payment page (/pay/test/{token}): what it shows and what the buyer
 * sends. Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.
 */

export const PAYMENT_PAGE_MSG = {
  title: 'Testbetaling',
  notice: 'Dette er klubbens testbetaling: der trækkes ingen penge. Brug kortnummer 4242 4242 4242 4242 for at godkende eller 4000 0000 0000 0002 for at afvise.',
  pay: 'Betal',
  cancel: 'Annuller',
  approved: 'Betalingen blev gennemført!',
  declined: 'Betalingen kunne ikke gennemføres!',
  cancelled: 'Betalingen blev annulleret.',
  unknown: 'Betalingen findes ikke eller er udløbet.',
  cardInvalid: 'Kortnummeret er ugyldigt',
  expiryInvalid: 'Udløbsdato skal skrives MM/ÅÅ',
  expired: 'Kortet er udløbet',
  cvcInvalid: 'Kontrolcifre skal være 3 cifre',
} as const;

export const TEST_CARD_DECLINED = '4000000000000002';

/** Luhn's check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const token = z.string().trim().min(10, PAYMENT_PAGE_MSG.unknown).max(4000, PAYMENT_PAGE_MSG.unknown).regex(/^[A-Za-z0-9_-]+\.[0-9a-f]{64}$/, PAYMENT_PAGE_MSG.unknown);

export const ZTestPaymentRequest = z.object({ token });
export const ZTestPaymentResponse = z.object({
  reference: z.string(),
  amount: z.number().int(),
  description: z.string().nullable(),
  clubName: z.string(),
  cancelUrl: z.string(),
});

/** The card form; `now` decides whether the card has expired (the server's clock). */
export const ZTestPaymentCard = z
  .object({
    cardNumber: z.string({ error: required('Kortnummer') }).transform((v) => v.replace(/[\s-]/g, '')),
    expiry: z.string({ error: required('Udløbsdato') }).trim(),
    cvc: z.string({ error: required('Kontrolcifre') }).trim(),
  })
  .superRefine((v, ctx) => {
    if (!v.cardNumber) ctx.addIssue({ code: 'custom', message: required('Kortnummer'), path: ['cardNumber'] });
    else if (!luhnValid(v.cardNumber)) ctx.addIssue({ code: 'custom', message: PAYMENT_PAGE_MSG.cardInvalid, path: ['cardNumber'] });
    const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.expiry);
    if (!v.expiry) ctx.addIssue({ code: 'custom', message: required('Udløbsdato'), path: ['expiry'] });
    else if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) ctx.addIssue({ code: 'custom', message: PAYMENT_PAGE_MSG.expiryInvalid, path: ['expiry'] });
    else {
      const now = new Date();
      const year = 2000 + Number(m[2]);
      if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(m[1]) < now.getUTCMonth() + 1)) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_PAGE_MSG.expired, path: ['expiry'] });
      }
    }
    if (!/^\d{3}$/.test(v.cvc)) ctx.addIssue({ code: 'custom', message: v.cvc ? PAYMENT_PAGE_MSG.cvcInvalid : required('Kontrolcifre'), path: ['cvc'] });
  });
export type TTestPaymentCard = z.input<typeof ZTestPaymentCard>;

export const ZTestPaymentDecision = z.discriminatedUnion('decision', [
  z.object({ token, decision: z.literal('pay'), card: ZTestPaymentCard }),
  z.object({ token, decision: z.literal('cancel') }),
]);
export const ZTestPaymentDecisionResponse = z.object({
  outcome: z.enum(['approved', 'declined', 'cancelled']),
  message: z.string(),
  /** Where the buyer's browser goes now (the shop's return or decline page). */
  redirect: z.string(),
});
