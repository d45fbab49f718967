import type { ColumnType, Generated } from 'kysely';
import type { ClubRowColumns } from './columns';
import type { Json } from '../json';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One notification group of SPEC §3 (invitation, reminder, update, cancelled, receipt). */
export interface EventNotificationJson {
  /** null = Ingen, 'standard' = Standard, else a club template's name. */
  template: string | null;
  /** Days before the start (reminder only). */
  reminderInterval?: number[];
}
export type EventNotificationsJson = Partial<Record<'invitation' | 'reminder' | 'update' | 'cancelled' | 'receipt', EventNotificationJson>>;

/** An extra-info question asked at booking. */
export interface EventExtraInfoJson {
  alias: string;
  title: string;
  type: 'Radio' | 'Checkbox' | 'Select' | 'Text';
  values: string[];
  required: boolean;
}

export interface EventTicketSettingsJson {
  controlType: 'None' | 'Manuelt' | 'Stregkode';
  template: string | null;
  ticketLogo: number | null;
  ticketPicture: number | null;
}

export interface EventTablePlanJson {
  cardPicture: number | null;
  cardFormat: 'A4' | 'A4 folded' | 'A5';
  cardOrientation: 'Portrait' | 'Landscape';
  productIds: number[];
}

export interface EventInviteesJson {
  productIds: number[];
  orderProductIds: number[];
  companyIds: number[];
  contactIds: number[];
  contactListIds: number[];
}

export interface EventTypesTable extends ClubRowColumns {
  title: string;
  /** packages/domain ZEventTemplate: the event form without dates, owner, sender or partners. */
  template: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EventsTable extends ClubRowColumns {
  parent_id: number | null;
  type_id: number | null;
  title: string;
  url: string;
  start_date: Timestamp;
  end_date: Timestamp;
  sign_up_start: Timestamp;
  sign_up_public: OptionalTimestamp;
  sign_up_deadline: Timestamp;
  active_date: OptionalTimestamp;
  max_signups: number | null;
  max_company_signups: number | null;
  location: string | null;
  description: string | null;
  private_description: string | null;
  ticket_description: string | null;
  terms: string | null;
  banner_picture: number | null;
  banner_bottom: number | null;
  invite_attachment: number | null;
  private: Generated<boolean>;
  business_only: Generated<boolean>;
  promote: Generated<boolean>;
  show_participants: Generated<boolean>;
  has_tickets: Generated<boolean>;
  has_seating: Generated<boolean>;
  has_sponsors: Generated<boolean>;
  has_tables: Generated<boolean>;
  owner_id: number | null;
  sender: Json<{ name: string; email: string }> | null;
  email_notifications: Json<EventNotificationsJson>;
  sms_notifications: Json<EventNotificationsJson>;
  extra_info: Json<EventExtraInfoJson[]>;
  ticket_settings: Json<EventTicketSettingsJson>;
  table_plan: Json<EventTablePlanJson>;
  invitees: Json<EventInviteesJson>;
  chart_id: number | null;
  seat_map_id: number | null;
  /** seats.io (clubs with the seatsio feature): the chart the event is sold on, and the seats.io event made from it. */
  seatsio_chart_key: string | null;
  seatsio_event_key: string | null;
  chart_picture: number | null;
  /** The last ticket number given (advanced under the event's row lock). */
  ticket_counter: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EventTicketProductsTable extends ClubRowColumns {
  event_id: number;
  product_id: number;
  title: string;
  /** øre */
  price: number;
  /** øre */
  public_price: number | null;
  make_public_at: OptionalTimestamp;
  release_reserved_at: OptionalTimestamp;
  max_amount: number | null;
  max_company_amount: number | null;
  name_required: Generated<boolean>;
  public: Generated<boolean>;
  disable_additional_tickets: Generated<boolean>;
  alt_start_date: OptionalTimestamp;
  ticket_description: string | null;
  sorting: Generated<number>;
}

export interface EventSponsorsTable {
  client_id: number;
  event_id: number;
  type: string;
  company_id: number;
  sorting: Generated<number>;
}

export interface EventInvitesTable extends ClubRowColumns {
  event_id: number;
  token: string;
  contact_id: number;
  company_id: number | null;
  contact_list_id: number | null;
  invitation_sent_at: OptionalTimestamp;
  update_sent_at: OptionalTimestamp;
  created_at: CreatedAt;
}

export interface EventInviteProductsTable {
  client_id: number;
  invite_id: number;
  product_id: number;
  amount: Generated<number>;
  amount_per_invite: Generated<number>;
}

export interface EventInviteRemindersTable {
  client_id: number;
  invite_id: number;
  days_before: number;
  sent_at: CreatedAt;
}

export interface EventTables {
  event_types: EventTypesTable;
  events: EventsTable;
  event_ticket_products: EventTicketProductsTable;
  event_sponsors: EventSponsorsTable;
  event_invites: EventInvitesTable;
  event_invite_products: EventInviteProductsTable;
  event_invite_reminders: EventInviteRemindersTable;
  event_bookings: EventBookingsTable;
  event_tickets: EventTicketsTable;
  event_capacity: EventCapacityTable;
}

/** A storefront booking (issue 14): its order, what it holds until it is paid, the confirmation token's hash. */
export interface EventBookingsTable extends ClubRowColumns {
  event_id: number;
  order_id: number;
  token_hash: string;
  state: 'held' | 'confirmed' | 'cancelled';
  hold_token: string | null;
  held_until: OptionalTimestamp;
  company_id: number | null;
  contact_id: number | null;
  invite_id: number | null;
  created_at: CreatedAt;
}

/** A ticket: one per seat or unit; code is a random token of ≥128 bits. */
export interface EventTicketsTable extends ClubRowColumns {
  event_id: number;
  booking_id: number | null;
  order_id: number | null;
  /** null: a sign-up to an event without tickets. */
  product_id: number | null;
  ticket_product_id: number | null;
  code: string;
  number: number;
  title: string;
  name: string | null;
  company_id: number | null;
  contact_id: number | null;
  /** øre */
  price: ColumnType<number, number | undefined, number>;
  seat_key: string | null;
  section: string | null;
  row: string | null;
  seat_number: string | null;
  options: Json<{ title: string; price: number; productId: number | null }[]>;
  extra_info: Json<{ title: string; value?: string | null; values?: string[] }[]>;
  status: 'held' | 'valid' | 'cancelled';
  held_until: OptionalTimestamp;
  seasonal: Generated<boolean>;
  attending: boolean | null;
  pdf_path: string | null;
  /** The first successful scan or tick-off (issue 16, migration 0014_gate). */
  first_scanned_at: OptionalTimestamp;
  first_scanned_by: number | null;
  created_at: CreatedAt;
}

/**
 * Units that take an event's capacity (tickets held or valid), per catalogue product (0: sign-ups)
 * and holder ('' everyone, 'company:{id}', 'contact:{id}'); kept by a trigger on event_tickets
 * (migration 0017_event_capacity), read under the event's row lock.
 */
export interface EventCapacityTable {
  client_id: number;
  event_id: number;
  product_id: number;
  holder: string;
  units: number;
  free_units: number;
}
