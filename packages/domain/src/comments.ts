import { z } from 'zod';
import { relationType as originType, uploads } from './files';
import { id, optionalId, optionalText } from './validation';

/** Texts of comments. */
export const COMMENT_MSG = {
  commentRequired: 'Kommentar er påkrævet',
  commentReplyToReply: 'Der kan kun svares på en kommentar, ikke på et svar',
  commentOnlyAuthor: 'Kun forfatteren kan slette kommentaren',
  commentRead: 'Kommentaren er markeret som læst',
  picturesOnlyImages: 'Billeder skal være billeder (PNG, JPEG, GIF eller WebP)',
} as const;

export const COMMENTS_PAGE_SIZE = 10;

export const ZCommentListRequest = z.object({
  originType,
  originId: id,
  skip: z.coerce.number().int().min(0).default(0),
});

export const ZCommentAddRequest = z.object({
  originType,
  originId: id,
  originUrl: optionalText(500),
  originPattern: optionalText(500),
  parentId: optionalId,
  text: z.string().max(50_000).nullish(),
  picturesFiles: uploads,
  filesFiles: uploads,
});
export type TCommentAddRequest = z.input<typeof ZCommentAddRequest>;


const ZCommentAttachment = z.object({ id: z.number().int(), fileName: z.string(), filePath: z.string() });
const ZCommentBase = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  authorId: z.number().int().nullable(),
  author: z.object({ firstname: z.string(), lastname: z.string(), picture: z.string().nullable() }),
  text: z.string(),
  createDate: z.date(),
  unread: z.boolean(),
  origin: z.string(),
  originId: z.number().int(),
  originUrl: z.string().nullable(),
  /** Only the author may delete (SPEC §6). */
  canDelete: z.boolean(),
  images: z.array(ZCommentAttachment),
  files: z.array(ZCommentAttachment),
});
export const ZCommentResponse = ZCommentBase.extend({ replies: z.array(ZCommentBase) });
/** One page of a record's comments; unread counts the viewer's unread comments and replies. */
export const ZCommentListResponse = z.object({ comments: z.array(ZCommentResponse), totalComments: z.number().int(), unread: z.number().int() });
export const ZCommentAddResponse = z.object({ success: z.literal(true), id: z.number().int(), message: z.string() });
