import { Badge } from '@chakra-ui/react';

/**
 * A status as a small badge: the label and colour palette come from the domain's maps
 * (e.g. ORDER_STATUS_LABELS / ORDER_STATUS_COLORS); `outline` for a second, lesser status.
 */
export function StatusBadge<S extends string | number>({
  status,
  labels,
  colors,
  outline,
}: {
  status: S;
  labels: Record<S, string>;
  colors: Record<S, string>;
  outline?: boolean;
}) {
  return (
    <Badge size="sm" variant={outline ? 'outline' : undefined} colorPalette={colors[status]}>
      {labels[status]}
    </Badge>
  );
}
