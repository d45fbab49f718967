import {
  id,
  ZNoInput,
  ZPublicSeatMapRequest,
  ZPublicSeatMapResponse,
  ZSaveResponse,
  ZSeatDrawingRequest,
  ZSeatHoldRequest,
  ZSeatHoldResponse,
  ZSeatingChartListRequest,
  ZSeatingChartListResponse,
  ZSeatingChartOptions,
  ZSeatingChartResponse,
  ZSeatingChartUpdateRequest,
  ZSeatMapChangeRequest,
  ZSeatMapChangeResponse,
  ZSeatMapLayoutAnswer,
  ZSeatMapResponse,
  ZSeatMapStateResponse,
  ZSeatReleaseRequest,
  ZSeatReleaseResponse,
  ZSuccessResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { viewerOf } from '../app/service';
import { moduleAccess, publicProcedure, router } from '../trpc';
import { chartOptions, deleteChart, getChart, listCharts, saveChart } from './charts';
import { changeEventSeats, eventSeatMap, eventSeatMapState } from './maps';
import { publicHoldSeats, publicReleaseSeats, publicSeatMap, seatDrawing } from './public';

const { read, write, remove } = moduleAccess('events', 'events');

const byId = z.object({ id });
const byEvent = z.object({ eventId: id });

/** The club's seating charts (Salsplaner): list, picker, one chart, save, delete. */
export const seatingChartsRouter = router({
  list: read.input(ZSeatingChartListRequest).output(ZSeatingChartListResponse).query(({ ctx, input }) => listCharts(ctx.trx, ctx.club.clientId, input)),
  options: read.input(ZNoInput).output(ZSeatingChartOptions).query(({ ctx }) => chartOptions(ctx.trx, ctx.club.clientId)),
  get: read.input(byId).output(ZSeatingChartResponse).query(({ ctx, input }) => getChart(ctx.trx, ctx.club.clientId, input.id)),
  update: write.input(ZSeatingChartUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveChart(ctx.trx, ctx.club.clientId, input)),
  delete: remove.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteChart(ctx.trx, ctx.club.clientId, input.id)),
});

/** Planoversigt: an event's seat map (drawing, live state) and staff's changes to its seats. */
export const seatMapsRouter = router({
  get: read.input(byEvent).output(ZSeatMapResponse).query(({ ctx, input }) => eventSeatMap(ctx.trx, ctx.club.clientId, input.eventId)),
  state: read.input(byEvent).output(ZSeatMapStateResponse).query(({ ctx, input }) => eventSeatMapState(ctx.trx, ctx.club.clientId, input.eventId)),
  change: write.input(ZSeatMapChangeRequest).output(ZSeatMapChangeResponse).mutation(({ ctx, input }) => changeEventSeats(ctx.trx, ctx.club.clientId, input)),
});

/** The storefront's seat picker: the drawing with what is taken, and holds by token. */
export const publicSeatsRouter = router({
  map: publicProcedure.input(ZPublicSeatMapRequest).output(ZPublicSeatMapResponse).query(({ ctx, input }) => publicSeatMap(viewerOf(ctx), input)),
  hold: publicProcedure.input(ZSeatHoldRequest).output(ZSeatHoldResponse).mutation(({ ctx, input }) => publicHoldSeats(viewerOf(ctx), input)),
  release: publicProcedure.input(ZSeatReleaseRequest).output(ZSeatReleaseResponse).mutation(({ ctx, input }) => publicReleaseSeats(viewerOf(ctx), input)),
  /** A drawing by its token (GET /api/seatmaps/{token} sends it, cacheable). */
  drawing: publicProcedure.input(ZSeatDrawingRequest).output(ZSeatMapLayoutAnswer).query(({ ctx, input }) => seatDrawing(viewerOf(ctx), input.token)),
});
