import { type Kysely, sql } from 'kysely';
import { clubForeignKey, clubTable, clubTableWithoutId, enableTenancy, withTimestamps } from './helpers';

/**
 * Events (SPEC §3 Events): event types (templates), events with their sub-events, ticket products,
 * sponsors and invitations. Ticket products and invites are rows, not JSON, because booking will lock
 * and count them; the rest of an event's form (notifications, extra-info definitions, table plan,
 * sender) is JSON owned by the event.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await clubTable(db, 'event_types')
    .addColumn('title', 'text', (c) => c.notNull())
    // The event form without dates, owner, sender or partners (packages/domain ZEventTemplate).
    .addColumn('template', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .$call(withTimestamps)
    .execute();
  await enableTenancy(db, 'event_types');
  await sql`CREATE INDEX event_types_title_idx ON event_types (client_id, lower(title))`.execute(db);

  await clubTable(db, 'events')
    .addColumn('parent_id', 'integer')
    .addColumn('type_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    // The public address /events/{url}; unique per club.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('sign_up_start', 'timestamptz', (c) => c.notNull())
    .addColumn('sign_up_public', 'timestamptz')
    .addColumn('sign_up_deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('active_date', 'timestamptz')
    .addColumn('max_signups', 'integer')
    .addColumn('max_company_signups', 'integer')
    .addColumn('location', 'text')
    .addColumn('description', 'text')
    .addColumn('private_description', 'text')
    .addColumn('ticket_description', 'text')
    .addColumn('terms', 'text')
    .addColumn('banner_picture', 'integer')
    .addColumn('banner_bottom', 'integer')
    .addColumn('invite_attachment', 'integer')
    .addColumn('private', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('business_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('promote', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_participants', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_tickets', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_seating', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_sponsors', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_tables', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sender', 'jsonb')
    .addColumn('email_notifications', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('sms_notifications', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Ticket settings: controlType, template, ticketLogo, ticketPicture (file ids).
    .addColumn('ticket_settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('table_plan', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('invitees', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The chart the event was seated from and the event's own seat map (made from it on save).
    .addColumn('chart_id', 'integer')
    .addColumn('seat_map_id', 'integer')
    .addColumn('chart_picture', 'integer')
    .$call(withTimestamps)
    .addCheckConstraint('events_dates', sql`end_date >= start_date`)
    .execute();
  await enableTenancy(db, 'events');
  // A parent with sub-events cannot be deleted (the service says so in Danish first).
  await clubForeignKey(db, 'events', 'parent_id', 'events', 'restrict');
  await clubForeignKey(db, 'events', 'type_id', 'event_types', 'set null');
  await clubForeignKey(db, 'events', 'chart_id', 'seating_charts', 'set null');
  await clubForeignKey(db, 'events', 'seat_map_id', 'seat_maps', 'set null');
  for (const file of ['banner_picture', 'banner_bottom', 'invite_attachment', 'chart_picture']) await clubForeignKey(db, 'events', file, 'files', 'set null');
  await sql`CREATE UNIQUE INDEX events_url_key ON events (client_id, lower(url))`.execute(db);
  await sql`CREATE INDEX events_start_idx ON events (client_id, start_date DESC, id) WHERE parent_id IS NULL`.execute(db);
  await sql`CREATE INDEX events_parent_idx ON events (client_id, parent_id) WHERE parent_id IS NOT NULL`.execute(db);

  await clubTable(db, 'event_ticket_products')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // øre
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('public_price', 'bigint')
    .addColumn('make_public_at', 'timestamptz')
    .addColumn('release_reserved_at', 'timestamptz')
    .addColumn('max_amount', 'integer')
    .addColumn('max_company_amount', 'integer')
    .addColumn('name_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disable_additional_tickets', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('alt_start_date', 'timestamptz')
    .addColumn('ticket_description', 'text')
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableTenancy(db, 'event_ticket_products', { references: { event_id: ['events', 'cascade'], product_id: ['products', 'restrict'] } });
  await sql`CREATE INDEX event_ticket_products_event_idx ON event_ticket_products (client_id, event_id, sorting)`.execute(db);

  await clubTableWithoutId(db, 'event_sponsors')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    // One of the club's settings.events.sponsorTypes.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_sponsors_pkey', ['event_id', 'type', 'company_id'])
    .execute();
  await enableTenancy(db, 'event_sponsors', {
    compositeKey: false,
    references: { event_id: ['events', 'cascade'], company_id: ['companies', 'cascade'] },
  });

  await clubTable(db, 'event_invites')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    // Random, at least 128 bits, base64url: the invite's link /public/events/invite/{token}.
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull())
    // The group the invite was made in: the contact's company, or the contact list it came from.
    .addColumn('company_id', 'integer')
    .addColumn('contact_list_id', 'integer')
    .addColumn('invitation_sent_at', 'timestamptz')
    .addColumn('update_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'event_invites', {
    references: {
      event_id: ['events', 'cascade'],
      contact_id: ['contacts', 'cascade'],
      company_id: ['companies', 'set null'],
      contact_list_id: ['contact_lists', 'set null'],
    },
  });
  // A contact is invited to an event once.
  await sql`CREATE UNIQUE INDEX event_invites_contact_key ON event_invites (client_id, event_id, contact_id)`.execute(db);

  await clubTableWithoutId(db, 'event_invite_products')
    .addColumn('invite_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_per_invite', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_invite_products_pkey', ['invite_id', 'product_id'])
    .execute();
  await enableTenancy(db, 'event_invite_products', {
    compositeKey: false,
    references: { invite_id: ['event_invites', 'cascade'], product_id: ['products', 'cascade'] },
  });

  // One reminder per invite and interval, whatever the number of job runs: the primary key decides.
  await clubTableWithoutId(db, 'event_invite_reminders')
    .addColumn('invite_id', 'integer', (c) => c.notNull())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_invite_reminders_pkey', ['invite_id', 'days_before'])
    .execute();
  await enableTenancy(db, 'event_invite_reminders', { compositeKey: false, references: { invite_id: ['event_invites', 'cascade'] } });

  // Mails may carry stored files (an event's invite attachment): [{ filename, key, contentType }].
  await db.schema.alterTable('outbox').addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
