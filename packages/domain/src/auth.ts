import { z } from 'zod';
import { bool, confirmMessage, email, required, text } from './validation';

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
