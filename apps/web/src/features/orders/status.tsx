import { Badge } from '@chakra-ui/react';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, type OrderStatus, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@klubhus/domain';

/** An order's status (Kladde, Godkendt, …) as a badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge size="sm" colorPalette={ORDER_STATUS_COLORS[status]}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An order's payment status (Afventer, Betalt, …) as a badge. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge size="sm" variant="outline" colorPalette={PAYMENT_STATUS_COLORS[status]}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
