import { randomBytes } from 'node:crypto';
import { planSeats, seatCount, seatMapLayout, type TSeatingPlan } from '@klubhus/domain';
import { json } from './json';

/**
 * The stored form of a chart and of an event's copy of it, in one place for the service, the demo
 * seed and the test fixtures: a chart keeps its counts and categories beside its plan; a seat map
 * keeps its categories and drawing, and one row per seat.
 */
export function chartColumns(plan: TSeatingPlan) {
  return { plan: json(plan), categories: json(plan.categories), seat_count: seatCount(plan), section_count: plan.sections.length };
}

/** What names a seat map's drawing in its address: random, 128 bits (whoever has it may fetch the drawing). */
export const drawingToken = () => randomBytes(16).toString('base64url');

export function seatMapColumns(plan: TSeatingPlan) {
  return { categories: json(plan.categories), layout: json(seatMapLayout(plan)), drawing_token: drawingToken() };
}

/** The seat rows of a seat map, ready to insert (in batches: a stadium is tens of thousands). */
export function seatRows(clientId: number, seatMapId: number, plan: TSeatingPlan) {
  return planSeats(plan).map(({ key, ...seat }) => ({ client_id: clientId, seat_map_id: seatMapId, seat_key: key, ...seat }));
}
