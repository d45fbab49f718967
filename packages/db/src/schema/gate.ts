import type { ColumnType, Generated } from 'kysely';
import type { ClubRowColumns } from './columns';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ScanResult = 'confirmed' | 'duplicate' | 'refused';

/** One scan of a known ticket at the gate; nonce (unique per club) makes a replayed offline scan answer the same. */
export interface EventTicketScansTable extends ClubRowColumns {
  event_id: number;
  ticket_id: number;
  nonce: string | null;
  result: ScanResult;
  error: string | null;
  user_id: number | null;
  gate: string | null;
  client_scanned_at: OptionalTimestamp;
  created_at: CreatedAt;
}

/** A table of an event's table plan. */
export interface EventTablesTable extends ClubRowColumns {
  event_id: number;
  title: string;
  description: string | null;
  seats: number;
  auto_place: Generated<boolean>;
  sorting: Generated<number>;
  created_at: CreatedAt;
}

/** A ticket placed at a table. */
export interface EventTableSeatsTable extends ClubRowColumns {
  table_id: number;
  ticket_id: number;
  created_at: CreatedAt;
}

export interface GateTables {
  event_ticket_scans: EventTicketScansTable;
  event_tables: EventTablesTable;
  event_table_seats: EventTableSeatsTable;
}
