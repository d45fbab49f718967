import { type Kysely, sql } from 'kysely';
import { clubTable, clubTableWithoutId, createClubLinkTable, enableTenancy, withTimestamps } from './helpers';

/**
 * CRM (SPEC §3): files, companies, contacts, contact lists, comments.
 * Every table is club-owned (RLS + composite keys); links between them use
 * composite foreign keys so a row can never point into another club.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  // Files first: logos, pictures and comment attachments point at them.
  await clubTable(db, 'files')
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Storage key (random), never a path derived from what the user sent.
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('relation_type', 'text')
    .addColumn('relation_id', 'integer')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await enableTenancy(db, 'files');
  await sql`CREATE INDEX files_relation_idx ON files (client_id, relation_type, relation_id)`.execute(db);

  await clubTable(db, 'companies')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cvr', 'text')
    .addColumn('ean', 'text')
    .addColumn('use_ean', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('address', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('city', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('website', 'text')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('follow_up_date', 'date')
    .addColumn('vat_excluded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('logo_web', 'integer')
    .addColumn('logo_print', 'integer')
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ticket_limits', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .$call(withTimestamps)
    .execute();
  await enableTenancy(db, 'companies', { references: { logo_web: ['files', 'set null'], logo_print: ['files', 'set null'] } });
  // The list: every query is within one club; the default sort is by name.
  for (const [name, expr] of [
    ['name', 'lower(name), id'],
    ['status_name', 'status, lower(name), id'],
    ['cvr', 'cvr, id'],
    ['zip', 'zip_code, id'],
    ['city', 'lower(city), id'],
    ['email', 'lower(email), id'],
    ['phone', 'phone, id'],
    ['address', 'lower(address), id'],
    ['follow_up', 'follow_up_date, id'],
  ] as const) {
    await sql.raw(`CREATE INDEX companies_${name}_idx ON companies (client_id, ${expr})`).execute(db);
  }
  await sql`CREATE INDEX companies_owner_idx ON companies (owner_id) WHERE owner_id IS NOT NULL`.execute(db);

  await clubTable(db, 'contacts')
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('mobile', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('about', 'text')
    .addColumn('highlighted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('no_invitations', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('picture', 'integer')
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .$call(withTimestamps)
    .execute();
  await enableTenancy(db, 'contacts', { references: { picture: ['files', 'set null'] } });
  await sql`CREATE INDEX contacts_name_idx ON contacts (client_id, lower(firstname), lower(lastname), id)`.execute(db);
  await sql`CREATE INDEX contacts_lastname_idx ON contacts (client_id, lower(lastname), id)`.execute(db);
  await sql`CREATE INDEX contacts_email_idx ON contacts (client_id, lower(email))`.execute(db);

  await createClubLinkTable(db, 'company_contacts', ['company_id', 'companies'], ['contact_id', 'contacts']);

  await clubTable(db, 'contact_lists')
    .addColumn('title', 'text', (c) => c.notNull())
    .$call(withTimestamps)
    .execute();
  await enableTenancy(db, 'contact_lists');
  await sql`CREATE INDEX contact_lists_title_idx ON contact_lists (client_id, lower(title), id)`.execute(db);

  await createClubLinkTable(db, 'contact_list_members', ['list_id', 'contact_lists'], ['contact_id', 'contacts']);

  await clubTable(db, 'comments')
    .addColumn('origin_type', 'text', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('origin_url', 'text')
    .addColumn('origin_pattern', 'text')
    .addColumn('parent_id', 'integer')
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await enableTenancy(db, 'comments', { references: { parent_id: ['comments', 'cascade'] } });
  await sql`CREATE INDEX comments_origin_idx ON comments (client_id, origin_type, origin_id, created_at DESC) WHERE parent_id IS NULL`.execute(db);
  await sql`CREATE INDEX comments_parent_idx ON comments (client_id, parent_id) WHERE parent_id IS NOT NULL`.execute(db);

  await clubTableWithoutId(db, 'comment_reads')
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('comment_reads_pkey', ['client_id', 'comment_id', 'user_id'])
    .execute();
  await enableTenancy(db, 'comment_reads', { compositeKey: false, references: { comment_id: ['comments', 'cascade'] } });
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
