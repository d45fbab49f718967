import { z } from 'zod';

/** Shapes that many procedures answer with: one page of a list, a save, a plain success. */

/** One page of a list (the list protocol): rows, total, totalPages, page, perPage. */
export const ZPage = <R extends z.ZodTypeAny>(row: R) =>
  z.object({ rows: z.array(row), total: z.number().int(), totalPages: z.number().int(), page: z.number().int(), perPage: z.number().int() });

/** A create-or-save: the record's id, whether it was created, and the toast. */
export const ZSaveResponse = z.object({ id: z.number().int(), created: z.boolean(), message: z.string() });
export type TSaveResponse = z.output<typeof ZSaveResponse>;

/** A change that answers only with its toast (delete, remove, mark read). */
export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string() });
export type TSuccessResponse = z.output<typeof ZSuccessResponse>;
