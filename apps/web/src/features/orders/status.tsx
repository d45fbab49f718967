import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, type OrderStatus, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@klubhus/domain';
import { StatusBadge } from '../../ui';

/** An order's status (Kladde, Godkendt, …) as a badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge status={status} labels={ORDER_STATUS_LABELS} colors={ORDER_STATUS_COLORS} />;
}

/** An order's payment status (Afventer, Betalt, …) as a badge. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge status={status} labels={PAYMENT_STATUS_LABELS} colors={PAYMENT_STATUS_COLORS} outline />;
}
