import { type Kysely, sql } from 'kysely';
import { APP_ROLE, clubTableWithoutId, CURRENT_USER, enableTenancy } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  // The role is cluster-wide: several test databases may create it at once.
  await sql
    .raw(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} NOLOGIN NOBYPASSRLS;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`)
    .execute(db);
  await sql.raw(`ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`).execute(db);
  await sql.raw(`ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`).execute(db);

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('address', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('city', 'text')
    .addColumn('cvr', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('website', 'text')
    .addColumn('contact', 'text')
    .addColumn('own_designation', 'text')
    .addColumn('sender_email', 'text')
    .addColumn('bank_reg', 'text')
    .addColumn('bank_account', 'text')
    .addColumn('prices_with_vat', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disable_vat', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vat_rate', 'integer', (c) => c.notNull().defaultTo(25))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Berlin'))
    .addColumn('logo', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('picture', 'text')
    .addColumn('phone', 'text')
    .addColumn('mobile', 'text')
    .addColumn('about', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('signature', 'text')
    .addColumn('admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('super_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Berlin'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);

  await clubTableWithoutId(db, 'client_users')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('system_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accepted', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('invite_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('client_users_pkey', ['client_id', 'user_id'])
    .execute();
  await db.schema.createIndex('client_users_user_idx').on('client_users').column('user_id').execute();
  await enableTenancy(db, 'client_users', { compositeKey: false });
  // A user may also read their own memberships in every club (the club switcher).
  await sql`CREATE POLICY own_memberships ON client_users FOR SELECT USING (user_id = ${CURRENT_USER})`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('current_client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text')
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('views', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('components', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('acl_rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await clubTableWithoutId(db, 'client_modules')
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('custom_endpoint', 'text')
    .addColumn('custom_views', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('custom_components', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('role_acls', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('client_modules_pkey', ['client_id', 'module_id'])
    .execute();
  await enableTenancy(db, 'client_modules', { compositeKey: false });
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
