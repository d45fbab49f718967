import {
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMessageResponse,
  ZNoInput,
  ZOkResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZUserProfile,
} from '@klubhus/domain';
import type { Context } from '../context';
import { authedProcedure, publicProcedure, router } from '../trpc';
import { refuseCommonPassword } from './password';
import { type AuthRequest, changePassword, confirmEmail, forgotPassword, login, logout, register, resetPassword } from './service';

/** The new-password requests refuse the most common passwords (the list stays on the server). */
const ZRegister = ZRegisterRequest.superRefine(refuseCommonPassword);
const ZResetPassword = ZResetPasswordRequest.superRefine(refuseCommonPassword);

const request = (ctx: Context): AuthRequest => ({ db: ctx.db, req: ctx.req, session: ctx.session, baseUrl: ctx.deps.config.baseUrl, host: ctx.host });

export const authRouter = router({
  login: publicProcedure.input(ZLoginRequest).output(ZUserProfile).mutation(({ ctx, input }) => login(request(ctx), input)),
  logout: publicProcedure.input(ZNoInput).output(ZOkResponse).mutation(({ ctx }) => logout(request(ctx))),
  register: publicProcedure.input(ZRegister).output(ZMessageResponse).mutation(({ ctx, input }) => register(request(ctx), input)),
  confirmEmail: publicProcedure.input(ZConfirmEmailRequest).output(ZMessageResponse).mutation(({ ctx, input }) => confirmEmail(request(ctx), input.token)),
  forgotPassword: publicProcedure.input(ZForgotPasswordRequest).output(ZMessageResponse).mutation(({ ctx, input }) => forgotPassword(request(ctx), input)),
  resetPassword: publicProcedure.input(ZResetPassword).output(ZOkResponse).mutation(({ ctx, input }) => resetPassword(request(ctx), input)),
  changePassword: authedProcedure
    .input(ZChangePasswordRequest)
    .output(ZOkResponse)
    .mutation(({ ctx, input }) => changePassword(request(ctx), ctx.user.id, input)),
});
