import type { ModuleAlias, PermissionSubject } from './modules';

/**
 * The records comments and files belong to, named once: the table that holds
 * the record, the module that must be on for the club, and the permission
 * subject whose abilities decide who reads (read) and who changes (update)
 * the record's comments and files. A domain whose records take comments or
 * files adds its line here; deleting such a record deletes its attachments
 * (deleteRecordAttachments in @klubhus/api).
 */
export const ATTACHMENT_RELATIONS = {
  company: { table: 'companies', module: 'companies', subject: 'companies' },
  contact: { table: 'contacts', module: 'contacts', subject: 'contacts' },
  'contact-list': { table: 'contact_lists', module: 'contacts', subject: 'contacts' },
  product: { table: 'products', module: 'products', subject: 'products' },
  'product-category': { table: 'product_categories', module: 'products', subject: 'products' },
  'order-category': { table: 'order_categories', module: 'orders', subject: 'orders' },
  order: { table: 'orders', module: 'orders', subject: 'orders' },
  contract: { table: 'contracts', module: 'orders', subject: 'orders' },
  event: { table: 'events', module: 'events', subject: 'events' },
} as const satisfies Record<string, { table: string; module: ModuleAlias; subject: PermissionSubject }>;

export type AttachmentRelation = keyof typeof ATTACHMENT_RELATIONS;
export const ATTACHMENT_RELATION_TYPES = Object.keys(ATTACHMENT_RELATIONS) as [AttachmentRelation, ...AttachmentRelation[]];
export const isAttachmentRelation = (type: string | null): type is AttachmentRelation => type !== null && Object.hasOwn(ATTACHMENT_RELATIONS, type);

/** Files of a comment belong to the comment (and through it to the comment's record). */
export const COMMENT_FILE_RELATIONS = { image: 'comment-image', file: 'comment-file' } as const;
export type CommentFileRelation = (typeof COMMENT_FILE_RELATIONS)[keyof typeof COMMENT_FILE_RELATIONS];
export const COMMENT_FILE_RELATION_TYPES: CommentFileRelation[] = Object.values(COMMENT_FILE_RELATIONS);
