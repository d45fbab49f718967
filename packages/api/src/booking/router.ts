import {
  id,
  ZBookingOrderRequest,
  ZBookingOrderResponse,
  ZBookingProductsRequest,
  ZBookingProductsResponse,
  ZBookingRequest,
  ZBookResponse,
  ZOrderPayStartResponse,
  ZReleaseSeatRequest,
  ZReleaseSeatResponse,
  ZSeasonalAttendRequest,
  ZSeasonalTicket,
  ZSeasonalTicketsRequest,
  ZSeasonalTicketsResponse,
  ZTicketPdfRequest,
  ZTicketPdfResponse,
  ZTicketsRequest,
  ZTicketsResponse,
  ZValidateContactRequest,
  ZValidateContactResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { viewerOf } from '../app/service';
import { fileStorage } from '../attachments/storage';
import { publicProcedure, router } from '../trpc';
import { acceptBookingPayment, answerSeasonalTicket, hasCompanyChannel, bookingOrder, bookingTicketList, payBookingAgain, releaseBookingSeat, seasonalTickets, ticketDownload } from './public';
import './purpose';
import { book, bookingProducts, validateContact } from './service';

/**
 * The storefront's booking (SPEC §7 Public events/booking): public procedures; the visitor's club
 * is the session's or the storefront's, never an input; a confirmation token or a ticket code is
 * the guard of what a buyer holds.
 */
export const bookingRouter = router({
  products: publicProcedure.input(ZBookingProductsRequest).output(ZBookingProductsResponse).query(({ ctx, input }) => bookingProducts(viewerOf(ctx), input)),
  validateContact: publicProcedure.input(ZValidateContactRequest).output(ZValidateContactResponse).mutation(({ ctx, input }) => validateContact(viewerOf(ctx), input)),
  book: publicProcedure.input(ZBookingRequest).output(ZBookResponse).mutation(({ ctx, input }) => book(viewerOf(ctx), ctx.deps.config.baseUrl, input)),
  order: publicProcedure.input(ZBookingOrderRequest).output(ZBookingOrderResponse).query(({ ctx, input }) => bookingOrder(viewerOf(ctx), input.token)),
  payAgain: publicProcedure.input(ZBookingOrderRequest).output(ZOrderPayStartResponse).mutation(({ ctx, input }) => payBookingAgain(viewerOf(ctx), ctx.deps.config.baseUrl, input.token)),
  acceptPayment: publicProcedure
    .input(z.object({ eventId: id, token: ZBookingOrderRequest.shape.token, query: z.record(z.string(), z.string()) }))
    .output(z.object({ redirect: z.string() }))
    .mutation(async ({ ctx, input }) => ({ redirect: await acceptBookingPayment(viewerOf(ctx), ctx.deps.config.baseUrl, input.eventId, input.token, input.query) })),
  tickets: publicProcedure.input(ZTicketsRequest).output(ZTicketsResponse).query(({ ctx, input }) => bookingTicketList(viewerOf(ctx), input.token)),
  ticketPdf: publicProcedure.input(ZTicketPdfRequest).output(ZTicketPdfResponse).query(({ ctx, input }) => ticketDownload(viewerOf(ctx), fileStorage(ctx.deps.config), input.ticketId)),
  releaseSeat: publicProcedure.input(ZReleaseSeatRequest).output(ZReleaseSeatResponse).mutation(({ ctx, input }) => releaseBookingSeat(viewerOf(ctx), input)),
  hasChannel: publicProcedure
    .input(z.object({ eventId: id, companyId: id }))
    .output(z.object({ success: z.boolean() }))
    .query(({ ctx, input }) => hasCompanyChannel(viewerOf(ctx), input)),
  seasonalTickets: publicProcedure.input(ZSeasonalTicketsRequest).output(ZSeasonalTicketsResponse).query(({ ctx, input }) => seasonalTickets(viewerOf(ctx), input.eventId)),
  answerSeasonal: publicProcedure.input(ZSeasonalAttendRequest).output(ZSeasonalTicket).mutation(({ ctx, input }) => answerSeasonalTicket(viewerOf(ctx), input)),
});
