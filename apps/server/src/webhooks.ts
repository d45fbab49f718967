import { receiveNotification } from '@klubhus/api/payments/service';
import type { Database } from '@klubhus/db';
import { MSG } from '@klubhus/domain';
import type { PaymentProviderKind } from '@klubhus/integrations';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

/**
 * The payment providers' notifications: POST /api/webhooks/stripe, GET|POST /api/webhooks/onpay
 * (OnPay's callback is a query string) and POST /api/webhooks/test (the built-in provider), each
 * with ?club={id} as the club registered it. Bodies are kept as their raw bytes — signatures are
 * over them. Forged → 400 and nothing written; repeats → 200 and nothing changed (the providers
 * retry until they get a 2xx, so a duplicate must be a success).
 */
const club = { name: 'club', in: 'query', required: true, schema: { type: 'integer' }, description: 'The club the webhook was registered for' };
const answers = {
  200: { description: '{received: true, outcome: applied | duplicate | ignored | flagged | unknown-payment}' },
  400: { description: 'The signature does not hold: nothing was written' },
  404: { description: 'Unknown club' },
};
/** The webhook URLs in the OpenAPI document (they are not REST adapters of procedures). */
export const WEBHOOK_PATHS: Record<string, Record<string, unknown>> = {
  '/api/webhooks/stripe': { post: { tags: ['Webhooks'], summary: 'Stripe events, verified by the Stripe-Signature header over the raw body', parameters: [club], security: [], responses: answers } },
  '/api/webhooks/onpay': {
    get: { tags: ['Webhooks'], summary: "OnPay's callback: onpay_* query fields signed with onpay_hmac_sha1", parameters: [club], security: [], responses: answers },
    post: { tags: ['Webhooks'], summary: 'The same, posted', parameters: [club], security: [], responses: answers },
  },
  '/api/webhooks/test': { post: { tags: ['Webhooks'], summary: "The built-in test provider's callback, signed with the klubhus-signature header", parameters: [club], security: [], responses: answers } },
};

export async function webhookRoutes(app: FastifyInstance, opts: { db: Kysely<Database>; baseUrl: string }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const handle = (provider: PaymentProviderKind) => async (req: FastifyRequest, reply: FastifyReply) => {
      const query = req.query as Record<string, string | undefined>;
      const club = Number(query.club);
      if (!Number.isInteger(club) || club <= 0) return reply.code(404).send({ success: false, error: MSG.notFound });
      try {
        const outcome = await receiveNotification(opts.db, opts.baseUrl, provider, club, {
          rawBody: (req.body as Buffer | undefined) ?? Buffer.alloc(0),
          headers: req.headers,
          query,
        });
        return reply.send({ received: true, outcome });
      } catch (error) {
        if (error instanceof TRPCError && error.code === 'BAD_REQUEST') return reply.code(400).send({ success: false, error: error.message });
        if (error instanceof TRPCError && error.code === 'NOT_FOUND') return reply.code(404).send({ success: false, error: MSG.notFound });
        throw error;
      }
    };
    scope.post('/api/webhooks/stripe', handle('stripe'));
    scope.get('/api/webhooks/onpay', handle('onpay'));
    scope.post('/api/webhooks/onpay', handle('onpay'));
    scope.post('/api/webhooks/test', handle('test'));
  });
}
