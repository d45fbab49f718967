export type { ApiConfig } from './lib/config';
export * from './auth/session';
export { generateToken, hashToken } from './lib/tokens';
export { hashPassword } from '@klubhus/db';
export * from './context';
export * from './router';
export { TRPCError } from '@trpc/server';
export { expireHoldsAllClubs, remindAllClubs } from './events/jobs';
export { fileStorage } from './attachments/storage';
