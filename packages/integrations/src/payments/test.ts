import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { header, type PaymentEvent, type PaymentProvider, PaymentVerificationError, type StartPayment } from './types';

/**
 * The built-in test provider: the default that works with no network. start sends the buyer to the
 * app's own Danish payment page (/pay/test/{token}: card form, approve / decline / cancel) with the
 * payment signed into the token; the page calls back like a real provider, with a signed body
 * (header `klubhus-signature: t=…,v1=hex(HMAC-SHA256(secret, "t.body"))`, Stripe's scheme), and
 * redirects back. Test cards: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 is declined.
 */

export const TEST_CARDS = { approve: '4242424242424242', decline: '4000000000000002' } as const;
const TOLERANCE_SECONDS = 300;
const TOKEN_SECONDS = 2 * 60 * 60;

export interface TestPayment extends StartPayment {
  /** The test provider's id of the payment. */
  id: string;
  /** Unix seconds after which the page refuses the token. */
  expires: number;
}

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function testProvider(settings: { baseUrl: string; secret: string }) {
  const secret = settings.secret;
  const provider = {
    kind: 'test' as const,
    async start(p: StartPayment) {
      const payment: TestPayment = { ...p, id: `test_${randomBytes(12).toString('base64url')}`, expires: Math.floor(Date.now() / 1000) + TOKEN_SECONDS };
      const body = b64(JSON.stringify(payment));
      return { kind: 'redirect' as const, url: `${settings.baseUrl.replace(/\/$/, '')}/pay/test/${body}.${hmac(secret, body)}` };
    },
    /** The payment a page token carries, when its signature holds and it has not expired; else null. */
    readToken(token: string): TestPayment | null {
      const [body, sig] = token.split('.');
      if (!body || !sig || !same(sig, hmac(secret, body))) return null;
      try {
        const payment = JSON.parse(Buffer.from(body, 'base64url').toString()) as TestPayment;
        return payment.expires >= Math.floor(Date.now() / 1000) ? payment : null;
      } catch {
        return null;
      }
    },
    /** What the payment page sends to the callback URL for the buyer's choice: a body and its signature header. */
    signCallback(event: Omit<PaymentEvent, 'provider'>, now = Math.floor(Date.now() / 1000)) {
      const body = JSON.stringify({ ...event, provider: 'test' });
      return { body, signature: `t=${now},v1=${hmac(secret, `${now}.${body}`)}` };
    },
    verify({ rawBody, headers }: Parameters<PaymentProvider['verify']>[0]): PaymentEvent {
      const signature = header(headers, 'klubhus-signature') ?? '';
      const parts = Object.fromEntries(signature.split(',').map((kv) => kv.split('=') as [string, string]));
      const t = Number(parts.t);
      const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
      if (!parts.v1 || !Number.isFinite(t) || !same(parts.v1, hmac(secret, `${t}.${body}`))) throw new PaymentVerificationError('test provider: the signature does not hold');
      if (Math.abs(Math.floor(Date.now() / 1000) - t) > TOLERANCE_SECONDS) throw new PaymentVerificationError('test provider: the signature is too old');
      const event = JSON.parse(body) as PaymentEvent;
      return { ...event, provider: 'test' };
    },
    // The test provider keeps no money: capture and refund only have to succeed (the app records them).
    async capture() {},
    async refund() {},
    async cancel() {},
  };
  return provider satisfies PaymentProvider;
}
