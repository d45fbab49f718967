import { ZOutboxRequest, ZOutboxResponse } from '@klubhus/domain';
import { router, superAdminProcedure } from '../trpc';
import { recentMails } from './service';

/** The outbox preview: mails as they were queued (whether or not SMTP delivered them), for platform administrators. */
export const outboxRouter = router({
  recent: superAdminProcedure.input(ZOutboxRequest).output(ZOutboxResponse).query(({ ctx, input }) => recentMails(ctx.db, input)),
});
