import type { ColumnType, Generated } from 'kysely';
import type { ClubRowColumns } from './columns';
import type { Json } from '../json';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SeatCategoryJson {
  key: string;
  label: string;
  color: string;
  accessible: boolean;
}

/** packages/domain's ZSeatingPlan. */
export interface SeatingPlanJson {
  categories: SeatCategoryJson[];
  sections: { key: string; name: string; rows: { label: string; seats: { number: string; position: { x: number; y: number }; category: string; accessible: boolean }[] }[] }[];
}

/** packages/domain's TSeatMapLayout: seats as [number, x, y, category index, accessible 0/1]. */
export interface SeatMapLayoutJson {
  categories: SeatCategoryJson[];
  sections: { key: string; name: string; rows: { label: string; seats: [string, number, number, number, number][] }[] }[];
}

export interface SeatingChartsTable extends ClubRowColumns {
  name: string;
  plan: Json<SeatingPlanJson>;
  seat_count: Generated<number>;
  section_count: Generated<number>;
  categories: Json<SeatCategoryJson[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An event's own copy of a chart. */
export interface SeatMapsTable extends ClubRowColumns {
  chart_id: number | null;
  name: string;
  categories: Json<SeatCategoryJson[]>;
  /** The drawing (packages/domain's TSeatMapLayout), made once with the copy. */
  layout: Json<SeatMapLayoutJson>;
  /** Names the drawing in its cacheable address (random, never changes). */
  drawing_token: string;
  created_at: CreatedAt;
}

export interface SeatMapSeatsTable {
  client_id: number;
  seat_map_id: number;
  seat_key: string;
  section: string;
  row: string;
  number: string;
  category: string;
  accessible: Generated<boolean>;
  x: number;
  y: number;
  status: Generated<'free' | 'held' | 'booked' | 'blocked'>;
  hold_token: string | null;
  held_until: Date | null;
  channel: string | null;
  /** 'staff' for a seat staff booked by hand (Booking tilstand); NULL when an order bought it. */
  booked_by: string | null;
}

export interface SeatingTables {
  seating_charts: SeatingChartsTable;
  seat_maps: SeatMapsTable;
  seat_map_seats: SeatMapSeatsTable;
}
