import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_crm';
import * as m0003 from './0003_catalogue';
import * as m0004 from './0004_club_context_version';
import * as m0005 from './0005_seating';
import * as m0006 from './0006_events';
import * as m0007 from './0007_seatsio';
import * as m0008 from './0008_orders';
import * as m0009 from './0009_payments';
import * as m0010 from './0010_seating_staff';
import * as m0011 from './0011_order_payments';
import * as m0012 from './0012_booking';
import * as m0013 from './0013_invoices';
import * as m0014 from './0014_gate';
import * as m0015 from './0015_contracts';
import * as m0016 from './0016_company_utilization';
import * as m0017 from './0017_event_capacity';
import * as m0018 from './0018_order_search';
import * as m0019 from './0019_booking_fast_path';
import * as m0020 from './0020_order_list';
import * as m0021 from './0021_booking_commit_with';
import * as m0022 from './0022_order_search_words';
import * as m0023 from './0023_booking_write_lighter';
import * as m0024 from './0024_order_list_positions';
import * as m0025 from './0025_booking_pg_lighter';
import * as m0026 from './0026_order_search_names_locked';
import * as m0027 from './0027_active_clubs_version';
import * as m0028 from './0028_order_search_word_counts';
import * as m0029 from './0029_order_search_pair_counts';
import * as m0030 from './0030_order_search_walk_plain';

/**
 * Every migration, in order. A domain adds its file beside this one and one
 * line here; names sort by their number prefix.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_crm': m0002,
  '0003_catalogue': m0003,
  '0004_club_context_version': m0004,
  '0005_seating': m0005,
  '0006_events': m0006,
  '0007_seatsio': m0007,
  '0008_orders': m0008,
  '0009_payments': m0009,
  '0010_seating_staff': m0010,
  '0011_order_payments': m0011,
  '0012_booking': m0012,
  '0013_invoices': m0013,
  '0014_gate': m0014,
  '0015_contracts': m0015,
  '0016_company_utilization': m0016,
  '0017_event_capacity': m0017,
  '0018_order_search': m0018,
  '0019_booking_fast_path': m0019,
  '0020_order_list': m0020,
  '0021_booking_commit_with': m0021,
  '0022_order_search_words': m0022,
  '0023_booking_write_lighter': m0023,
  '0024_order_list_positions': m0024,
  '0025_booking_pg_lighter': m0025,
  '0026_order_search_names_locked': m0026,
  '0027_active_clubs_version': m0027,
  '0028_order_search_word_counts': m0028,
  '0029_order_search_pair_counts': m0029,
  '0030_order_search_walk_plain': m0030,
};
