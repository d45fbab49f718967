import {
  type ContractAction,
  ZContractActionResponse,
  ZContractIdRequest,
  ZContractListRequest,
  ZContractListResponse,
  ZContractProductsResponse,
  ZContractResponse,
  ZContractSeatEventsRequest,
  ZContractSeatEventsResponse,
  ZContractSeatLinesRequest,
  ZContractSentResponse,
  ZContractSignPageRequest,
  ZContractSignPageResponse,
  ZContractSignRequest,
  ZContractSignResponse,
  ZInvoicePdfResponse,
  ZContractUpdateRequest,
  ZInvoiceActionResponse,
  ZNoInput,
  ZOrderInvoicesResponse,
  ZRenegotiationsRequest,
  ZRenegotiationsResponse,
  ZSaveResponse,
  ZSpreadsheetResponse,
} from '@klubhus/domain';
import { fileStorage } from '../attachments/storage';
import { moduleAccess, publicProcedure, router } from '../trpc';
import { contractPdf, sendContract, sendForSigning, signContract, signPage } from './signing';
import {
  contractAction,
  contractInvoices,
  contractProducts,
  contractSeatEvents,
  contractSeatLines,
  exportContracts,
  getContract,
  invoiceContractNow,
  listContracts,
  renegotiations,
  saveContract,
} from './service';

const { read, write, remove } = moduleAccess('orders', 'orders');

/** A status change of SPEC §4 (the agreement's id in; its new status, the toast and a renewal's new id out). */
const action = (rung: typeof write, name: ContractAction) =>
  rung
    .input(ZContractIdRequest)
    .output(ZContractActionResponse)
    .mutation(({ ctx, input }) => contractAction(ctx.trx, ctx.club, input.id, name, { files: ctx.files }));

/** Sponsor agreements (SPEC §7 Contracts): list, export, one agreement, save, the status machine of §4, invoicing, products. */
export const contractsRouter = router({
  list: read.input(ZContractListRequest).output(ZContractListResponse).query(({ ctx, input }) => listContracts(ctx.trx, ctx.club.clientId, input)),
  export: read.input(ZContractListRequest).output(ZSpreadsheetResponse).mutation(({ ctx, input }) => exportContracts(ctx.trx, ctx.club.clientId, input)),
  get: read.input(ZContractIdRequest).output(ZContractResponse).query(({ ctx, input }) => getContract(ctx.trx, ctx.club.clientId, input.id)),
  products: read.input(ZNoInput).output(ZContractProductsResponse).query(({ ctx }) => contractProducts(ctx.trx, ctx.club.clientId)),
  update: write.input(ZContractUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveContract(ctx.trx, ctx.club, input)),
  approve: action(write, 'approve'),
  renew: action(write, 'renew'),
  edit: action(write, 'edit'),
  cancel: action(write, 'cancel'),
  reactivate: action(write, 'reactivate'),
  delete: action(remove, 'delete'),
  seatLines: write.input(ZContractSeatLinesRequest).output(ZSaveResponse).mutation(({ ctx, input }) => contractSeatLines(ctx.trx, ctx.club, input)),
  /** The events a seat line can be moved or copied to (upcoming first, searchable). */
  seatEvents: read
    .input(ZContractSeatEventsRequest)
    .output(ZContractSeatEventsResponse)
    .query(({ ctx, input }) => contractSeatEvents(ctx.trx, ctx.club.clientId, input.search)),
  /** Invoice an approved agreement now: the next draft of its plan (all of it without one), dated today. */
  invoice: write.input(ZContractIdRequest).output(ZInvoiceActionResponse).mutation(({ ctx, input }) => invoiceContractNow(ctx.trx, ctx.club, input.id)),
  invoices: read.input(ZContractIdRequest).output(ZOrderInvoicesResponse).query(({ ctx, input }) => contractInvoices(ctx.trx, ctx.club.clientId, input.id)),
  /** GET /{id}/pdf: the PDF the contract PDF job made of the current version (202 while it is being made). */
  pdf: read.input(ZContractIdRequest).output(ZInvoicePdfResponse).query(({ ctx, input }) => contractPdf(ctx.trx, ctx.club.clientId, input.id, ctx.files)),
  send: write.input(ZContractIdRequest).output(ZContractSentResponse).mutation(({ ctx, input }) => sendContract(ctx.trx, ctx.club, input.id, ctx.files)),
  sendSigning: write
    .input(ZContractIdRequest)
    .output(ZContractSentResponse)
    .mutation(({ ctx, input }) => sendForSigning(ctx.trx, ctx.club, input.id, ctx.files, ctx.deps.config.baseUrl)),
  /** The public e-sign page (the token is the guard): the PDF to sign, or the signed one. */
  signPage: publicProcedure
    .input(ZContractSignPageRequest)
    .output(ZContractSignPageResponse)
    .query(({ ctx, input }) => signPage(ctx.db, fileStorage(ctx.deps.config), input.id, input.token, { ip: ctx.req.ip, userAgent: input.userAgent })),
  sign: publicProcedure
    .input(ZContractSignRequest)
    .output(ZContractSignResponse)
    .mutation(({ ctx, input }) => signContract(ctx.db, fileStorage(ctx.deps.config), input, { ip: ctx.req.ip, userAgent: input.userAgent })),
  /** The dashboard's Genforhandlinger: approved agreements whose renewDate has come or is near. */
  renegotiations: read.input(ZRenegotiationsRequest).output(ZRenegotiationsResponse).query(({ ctx, input }) => renegotiations(ctx.trx, ctx.club.clientId, input)),
});
