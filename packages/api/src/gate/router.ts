import {
  id,
  ZAttendeeCompanies,
  ZAttendeeListRequest,
  ZAttendeeListResponse,
  ZAttendeeOverview,
  ZAutoSeatingResponse,
  ZGateCodesResponse,
  ZPublicTablePlanResponse,
  ZSaveResponse,
  ZScanRequest,
  ZScanResponse,
  ZSpreadsheetResponse,
  ZSuccessResponse,
  ZTableAttendeesRequest,
  ZTableAttendeesResponse,
  ZTableDeleteRequest,
  ZTablePlaceRequest,
  ZTableSaveRequest,
  ZTablesResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { viewerOf } from '../app/service';
import { fileStorage } from '../attachments/storage';
import { moduleAccess, publicProcedure, router } from '../trpc';
import { attendeeCompanies, attendeeOverview, exportAttendees, gateCodes, listAttendees, scanTicket, viewerTablePlan } from './service';
import { tableCardsPdf } from './tableCards';
import { autoSeating, deleteTable, listTables, placeAttendees, saveTable, tableAttendees } from './tables';

const { read, write } = moduleAccess('events', 'events');
const byId = z.object({ id });

/** The gate and the table plan (issue 16; SPEC §7 attendees, scan, tables, table-cards, public table plan): the events module's permissions. */
export const gateRouter = router({
  attendees: read.input(ZAttendeeListRequest).output(ZAttendeeListResponse).query(({ ctx, input }) => listAttendees(ctx.trx, ctx.club.clientId, input)),
  overview: read.input(byId).output(ZAttendeeOverview).query(({ ctx, input }) => attendeeOverview(ctx.trx, ctx.club.clientId, input.id)),
  companies: read.input(byId).output(ZAttendeeCompanies).query(({ ctx, input }) => attendeeCompanies(ctx.trx, ctx.club.clientId, input.id)),
  export: read.input(ZAttendeeListRequest).output(ZSpreadsheetResponse).mutation(({ ctx, input }) => exportAttendees(ctx.trx, ctx.club.clientId, input)),
  scan: write.input(ZScanRequest).output(ZScanResponse).mutation(({ ctx, input }) => scanTicket(ctx.trx, ctx.club, input)),
  codes: read.input(byId).output(ZGateCodesResponse).query(({ ctx, input }) => gateCodes(ctx.trx, ctx.club.clientId, input.id)),
  tables: read.input(byId).output(ZTablesResponse).query(({ ctx, input }) => listTables(ctx.trx, ctx.club.clientId, input.id)),
  saveTable: write.input(ZTableSaveRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveTable(ctx.trx, ctx.club.clientId, input)),
  deleteTable: write.input(ZTableDeleteRequest).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteTable(ctx.trx, ctx.club.clientId, input.id, input.tableId)),
  tableAttendees: read.input(ZTableAttendeesRequest).output(ZTableAttendeesResponse).query(({ ctx, input }) => tableAttendees(ctx.trx, ctx.club.clientId, input)),
  place: write.input(ZTablePlaceRequest).output(ZSuccessResponse).mutation(({ ctx, input }) => placeAttendees(ctx.trx, ctx.club.clientId, input)),
  autoSeating: write.input(byId).output(ZAutoSeatingResponse).mutation(({ ctx, input }) => autoSeating(ctx.trx, ctx.club.clientId, input.id)),
  tableCards: read.input(byId).output(ZSpreadsheetResponse).query(({ ctx, input }) => tableCardsPdf(ctx.trx, ctx.club.clientId, fileStorage(ctx.deps.config), input.id)),
  publicTablePlan: publicProcedure.input(byId).output(ZPublicTablePlanResponse).query(({ ctx, input }) => viewerTablePlan(viewerOf(ctx), input.id)),
});
