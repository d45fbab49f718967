import { z } from 'zod';
import { bool, email, text } from './validation';
import { confirmMessage, required } from './numbers';

export const ZLoginRequest = z.object({
  email: email('E-mail'),
  password: z.string({ error: required('Adgangskode') }).min(1, required('Adgangskode')),
  rememberMe: bool,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZForgotPasswordRequest = z.object({ email: email('E-mail') });

/** Minimum length for new passwords; SPEC gives none, 8 is the usual floor. */
export const PASSWORD_MIN = 8;
/** The rule for a new password as the forms show it. The server also refuses the most common passwords. */
export const PASSWORD_RULE = `Mindst ${PASSWORD_MIN} tegn, og ikke en af de mest almindelige adgangskoder`;
export const PASSWORD_COMMON_MESSAGE = 'Adgangskoden er for almindelig. Vælg en anden.';
const newPassword = z
  .string({ error: required('Adgangskode') })
  .min(1, required('Adgangskode'))
  .min(PASSWORD_MIN, `Adgangskode skal minimum være ${PASSWORD_MIN} tegn`)
  .max(200);

export const ZResetPasswordRequest = z
  .object({
    resetToken: z.string().min(1, 'Linket er ugyldigt eller udløbet.'),
    password: newPassword,
    confirmPassword: z.string().min(1, required('Gentag adgangskode')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: confirmMessage('Gentag adgangskode', 'Adgangskode'),
  });

export const ZRegisterRequest = z
  .object({
    firstname: text('Fornavn', 100),
    lastname: text('Efternavn', 100),
    email: email('E-mail'),
    password: newPassword,
    confirmPassword: z.string().min(1, required('Gentag adgangskode')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: confirmMessage('Gentag adgangskode', 'Adgangskode'),
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** A change of the signed-in user's password; the new one is checked like a reset's. */
export const ZChangePasswordRequest = z.object({ currentPassword: z.string().min(1).max(1000), password: z.string().max(1000) });
export const ZConfirmEmailRequest = z.object({ token: z.string().min(1).max(100) });

/* ------------------------------------------------------------------ responses */

/** The user as GET /api/user and POST /api/login return it (SPEC §3 User). */
export const ZUserProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  title: z.string().nullable(),
  picture: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  about: z.string().nullable(),
  linkedin: z.string().nullable(),
  admin: z.boolean(),
  superAdmin: z.boolean(),
  emailConfirmed: z.boolean(),
  timeZone: z.string(),
  clients: z.array(
    z.object({ clientId: z.number().int(), name: z.string(), logo: z.string().nullable(), role: z.string(), systemUser: z.boolean(), accepted: z.boolean() }),
  ),
});
export type TUserProfile = z.output<typeof ZUserProfile>;

/** A plain success without a toast (logout, reset, password change). */
export const ZOkResponse = z.object({ success: z.literal(true) });
/** A success with the text to show (sign-up, confirmation, forgot password). */
export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });
