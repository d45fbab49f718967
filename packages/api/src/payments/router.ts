import { ZTestPaymentDecision, ZTestPaymentDecisionResponse, ZTestPaymentRequest, ZTestPaymentResponse } from '@klubhus/domain';
import { publicProcedure, router } from '../trpc';
import { decideTestPayment, testPaymentPage } from './testPage';

/** The built-in test provider's payment page: public, guarded by the payment's signed token. */
export const paymentsRouter = router({
  testPage: publicProcedure.input(ZTestPaymentRequest).output(ZTestPaymentResponse).query(({ ctx, input }) => testPaymentPage(ctx.db, ctx.deps.config.baseUrl, input.token)),
  testDecide: publicProcedure
    .input(ZTestPaymentDecision)
    .output(ZTestPaymentDecisionResponse)
    .mutation(({ ctx, input }) => decideTestPayment(ctx.db, ctx.deps.config.baseUrl, input)),
});
