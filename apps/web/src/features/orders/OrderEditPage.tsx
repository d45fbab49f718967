import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ORDER_MSG, ORDER_STATUS_LABELS, paymentOpen, ZOrderUpdateRequest } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, Check, CreditCard, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { useAppState } from '../../lib/appState';
import { vatSettings } from '../../lib/cart';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useConfirm } from '../../ui/confirm';
import { EditPage, recordPage } from '../../ui/EditPage';
import { errorMessage } from '../../ui/errors';
import { CheckboxField, useZodForm } from '../../ui/form';
import { FormModal } from '../../ui/ModalRowsSection';
import { notify } from '../../ui/toaster';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../ui/useRecordRoute';
import { CommentsPanel } from '../comments/CommentsPanel';
import { CommentsTabLabel } from '../comments/CommentsTabLabel';
import { BuyerSection, CategorySection } from './BuyerSection';
import { InvoicingSection } from './InvoicingSection';
import { LinesSection } from './LinesSection';
import { OrderInvoicesTab } from './invoices/OrderInvoicesTab';
import { AmountsSection, NotesSection, PaymentSection, TicketsTab, TotalsSection, useLiveTotals } from './OrderSections';
import { OrderStatusBadge, PaymentStatusBadge } from './status';
import { type Order, type OrderValues, toValues, toWire } from './values';

/** /orders/:id ('create' for new): SPEC §2's order screen, tabs Ordre, Billetter, Fakturaer, Noter; the list is /orders/orders. */
export default recordPage('/orders/orders', (trpc, id) => trpc.orders.get.queryOptions({ id }), OrderForm, { base: '/orders' });

const ORDER_FIELDS = ['firstname', 'lastname', 'email', 'phone', 'companyId', 'contactId', 'categoryId', 'orderLines', 'orderDiscount', 'additionalFee', 'invoicing', 'description', 'internal', 'additional'];

function OrderForm({ route }: { route: RecordRoute<Order> }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { client: club } = useAppState();
  const vat = vatSettings(club);
  const order = route.record;
  const form = useZodForm(ZOrderUpdateRequest, { defaultValues: toValues(order) as never });
  const [busy, setBusy] = useState<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.orders.pathFilter());
  const save = useRecordSave(route, form, {
    mutation: { mutationFn: (values: ReturnType<typeof toWire>) => client.orders.update.mutate(values) },
    invalidate: [trpc.orders.pathFilter()],
    onSaved: async (r) => form.reset(toValues(await queryClient.fetchQuery(trpc.orders.get.queryOptions({ id: r.id })))),
  });
  const remove = useRecordDelete(route, { mutation: trpc.orders.delete.mutationOptions(), invalidate: [trpc.orders.pathFilter()] });
  const status = order?.status ?? 'draft';
  const draft = status === 'draft';
  const editable = status === 'draft' || status === 'approved';

  /** A status action: unsaved changes are saved first (approving what is on screen), then the action, its toast, and the order read again. */
  const act = async (name: string, run: () => Promise<{ message: string }>, question?: string) => {
    if (question && !(await confirm(question))) return;
    setBusy(name);
    try {
      if (form.formState.isDirty && editable && route.id) {
        const valid = await form.trigger();
        if (!valid) return;
        await client.orders.update.mutate(toWire(form.getValues() as unknown as OrderValues, route.id));
      }
      const r = await run();
      notify.success(r.message);
      await refresh();
      const fresh = await queryClient.fetchQuery(trpc.orders.get.queryOptions({ id: route.id as number }));
      form.reset(toValues(fresh));
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const id = route.id as number;
  const contactEmail = order?.contact ? order.contact.email : order?.email;
  const totals = useLiveTotals(form.control as unknown as Control<OrderValues>, vat);

  const actions = order && (
    <>
      {status === 'draft' && (
        <Button variant="outline" colorPalette="green" loading={busy === 'approve'} onClick={() => act('approve', () => client.orders.approve.mutate({ id }))}>
          <Check /> Godkend
        </Button>
      )}
      {status === 'approved' && (
        <>
          <Button variant="outline" loading={busy === 'edit'} onClick={() => act('edit', () => client.orders.edit.mutate({ id }))}>
            <Pencil /> Rediger
          </Button>
          {paymentOpen(order.paymentStatus) && order.total > 0 && (
            <Button variant="outline" loading={busy === 'link'} onClick={() => setLinkOpen(true)}>
              <Send /> Send betalingslink
            </Button>
          )}
          {order.paymentStatus === 'authorized' && (
            <Button variant="outline" colorPalette="green" loading={busy === 'capture'} onClick={() => act('capture', () => client.orders.capturePayment.mutate({ id }), ORDER_MSG.confirmCapture)}>
              <CreditCard /> Hæv betaling
            </Button>
          )}
          <Button
            variant="outline"
            colorPalette="red"
            loading={busy === 'cancel'}
            onClick={() =>
              act('cancel', () => client.orders.cancel.mutate({ id }), order.paymentStatus === 'paid' || order.paymentStatus === 'authorized' ? ORDER_MSG.confirmCancelPaid : ORDER_MSG.confirmCancel)
            }
          >
            <Ban /> Annuller
          </Button>
        </>
      )}
    </>
  );

  const heading = order ? `Ordre #${order.orderNumber}` : 'Opret ordre';
  return (
    <>
      <EditPage
        route={route}
        form={form}
        heading={heading}
        title={
          order ? (
            <HStack gap="3" as="span" flexWrap="wrap">
              <span>{heading}</span>
              <OrderStatusBadge status={order.status} />
              <PaymentStatusBadge status={order.paymentStatus} />
            </HStack>
          ) : undefined
        }
        saving={save.isPending}
        saveHidden={!editable}
        remove={order && (status === 'draft' || status === 'cancelled') ? { confirm: ORDER_MSG.confirmDelete, mutation: remove } : undefined}
        actions={actions}
        onSubmit={() => save.mutate(toWire(form.getValues() as unknown as OrderValues, route.id))}
        tabs={[
          {
            value: 'order',
            label: 'Ordre',
            fields: ORDER_FIELDS,
            content: (
              <Stack gap="0">
                {order && !editable && (
                  <Text mb="4" color="fg.muted">
                    {ORDER_STATUS_LABELS[status]}: {status === 'cancelled' ? ORDER_MSG.cancelledReadOnly : ORDER_MSG.cartReadOnly}
                  </Text>
                )}
                {order && status === 'approved' && (
                  <Text mb="4" color="fg.muted" fontSize="sm">
                    {ORDER_MSG.linesOnlyInDraft} Tryk Rediger for at åbne ordren igen.
                  </Text>
                )}
                <BuyerSection order={order} />
                <CategorySection />
                <LinesSection readOnly={!draft} />
                <AmountsSection draft={draft} />
                <InvoicingSection draft={draft} total={totals.total} />
                <NotesSection />
                <TotalsSection totals={totals} vat={vat} />
                {order && <PaymentSection order={order} />}
              </Stack>
            ),
          },
          { value: 'tickets', label: 'Billetter', hidden: !order, lazy: true, content: order && <TicketsTab order={order} /> },
          { value: 'invoices', label: 'Fakturaer', hidden: !order, lazy: true, content: order && <OrderInvoicesTab orderId={order.id} /> },
          {
            value: 'notes',
            label: order ? <CommentsTabLabel originType="order" originId={order.id} /> : 'Noter',
            hidden: !order,
            lazy: true,
            content: order && <CommentsPanel originType="order" originId={order.id} originUrl={`/orders/${order.id}`} title="Noter" />,
          },
        ]}
      />
      {order && (
        <SendLinkModal
          open={linkOpen}
          email={contactEmail ?? null}
          onClose={() => setLinkOpen(false)}
          onSend={(capture) => {
            setLinkOpen(false);
            void act('link', () => client.orders.sendPaymentLink.mutate({ id, capture }));
          }}
        />
      )}
    </>
  );
}

const ZSendLink = z.object({ reserve: z.boolean() });

/** Send betalingslink: asks first (to whom), and whether the amount is only reserved now and captured later (Hæv betaling). */
function SendLinkModal({ open, email, onClose, onSend }: { open: boolean; email: string | null; onClose: () => void; onSend: (capture: 'auto' | 'manual') => void }) {
  return (
    <FormModal<{ reserve: boolean }>
      open={open}
      title="Send betalingslink"
      testId="paymentlink-modal"
      schema={ZSendLink}
      defaultValues={{ reserve: false }}
      submitLabel="Send"
      onClose={onClose}
      onSave={(v) => onSend(v.reserve ? 'manual' : 'auto')}
    >
      <Stack gap="4">
        <Text>{email ? ORDER_MSG.confirmSendPaymentLink(email) : ORDER_MSG.noRecipient}</Text>
        <CheckboxField name="reserve" label="Reservér kun beløbet – det hæves senere med Hæv betaling" />
      </Stack>
    </FormModal>
  );
}
