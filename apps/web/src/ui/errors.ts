import { MSG } from '@klubhus/domain/messages';

/**
 * The Danish text to show for a failed call: the server's message (tRPC errors
 * carry one, zod failures carry fieldErrors), else 'Der opstod en ukendt fejl!'.
 */
export function errorMessage(error: unknown, fallback: string = MSG.unknownError): string {
  if (!error || typeof error !== 'object') return fallback;
  const e = error as { message?: unknown; data?: { fieldErrors?: Record<string, string[] | undefined> } | null };
  const fieldErrors = e.data?.fieldErrors;
  if (fieldErrors) {
    const first = Object.values(fieldErrors).find((v) => v && v.length > 0);
    if (first?.[0]) return first[0];
  }
  if (typeof e.message === 'string' && e.message.trim() !== '' && !looksTechnical(e.message)) return e.message;
  return fallback;
}

/** Network failures and raw zod dumps are not for people. */
function looksTechnical(message: string): boolean {
  return message === 'Failed to fetch' || message.startsWith('[') || message.startsWith('{') || /^(Unexpected|NetworkError|TypeError)/.test(message);
}

/** HTTP-ish code of a tRPC error, e.g. 'UNAUTHORIZED'. */
export function errorCode(error: unknown): string | undefined {
  return (error as { data?: { code?: string } } | null)?.data?.code;
}
