import { z } from 'zod';
import { FILE_MSG, uploads } from './files';
import { id, optionalId, optionalText } from './validation';

/** Texts of comments. */
export const COMMENT_MSG = {
  commentRequired: 'Kommentar er påkrævet',
  commentReplyToReply: 'Der kan kun svares på en kommentar, ikke på et svar',
  commentOnlyAuthor: 'Kun forfatteren kan slette kommentaren',
  commentRead: 'Kommentaren er markeret som læst',
} as const;

export const COMMENTS_PAGE_SIZE = 10;
/** Records a comment or a file can belong to. */
export const RELATION_TYPES = ['company', 'contact', 'contact-list', 'event', 'order', 'contract', 'subscription', 'newsletter', 'product'] as const;

const originType = z.string({ error: FILE_MSG.relationUnknown }).trim().min(1, FILE_MSG.relationUnknown).max(50, FILE_MSG.relationUnknown);

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

