import { Badge, Box, Button, Card, Checkbox, Heading, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { BOOKING_MSG, bookingOptionKey, bookingSpinner, formatDKK, kronerToOre, type TProductOffered } from '@klubhus/domain';
import { Accessibility, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { BookingOptionChoice } from './draft';

/** A product's price on its card: 'Gratis', or the price with the units the buyer gets free first. */
export function priceText(p: Pick<TProductOffered, 'price' | 'freeAmount'>) {
  if (p.price === 0) return BOOKING_MSG.free;
  const price = formatDKK(kronerToOre(p.price));
  return p.freeAmount > 0 ? `${price} · ${p.freeAmount} stk. uden beregning` : price;
}

/** A seat category's badge: its colour, its name, and the wheelchair sign (with its words) for accessible places. */
export function SeatCategoryBadge({ category }: { category: TProductOffered['seatCategories'][number] }) {
  return (
    <Badge variant="outline" gap="1.5" px="2" py="0.5">
      <Box as="span" w="2.5" h="2.5" borderRadius="full" bg={category.color} aria-hidden="true" />
      {category.label}
      {category.accessible && <Accessibility size={14} role="img" aria-label="Kørestolsplads" />}
    </Badge>
  );
}

/**
 * A product card of the wizard (SPEC §2): title, seat-category badges, description, price, the
 * quantity spinner (min 0, max what the buyer may still add, and no more than the booking still takes
 * over all its lines: `addedAll`) with Tilføj, and SPEC §5's message when the wanted amount is more
 * than there is.
 */
export function ProductCard({
  product,
  added,
  addedAll,
  contactEmail,
  onAdd,
}: {
  product: TProductOffered;
  /** Tickets of this product in the booking. */
  added: number;
  /** Tickets of every product in the booking (this one's included). */
  addedAll: number;
  contactEmail: string;
  onAdd: (amount: number, options: BookingOptionChoice[]) => void;
}) {
  const [amount, setAmount] = useState(0);
  const [ticked, setTicked] = useState(() => new Set(product.options.filter((o) => o.preSelected).map(bookingOptionKey)));
  const toggle = (key: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const { max, message } = bookingSpinner(product, added, addedAll, amount, contactEmail);
  const set = (n: number) => setAmount(Math.max(0, Math.min(Number.isFinite(n) ? Math.trunc(n) : 0, 999)));
  return (
    <Card.Root variant="outline" size="sm" data-testid="product-card">
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as="h3" size="md">
            {product.title}
          </Heading>
          {product.seatCategories.length > 0 && (
            <Wrap gap="2" aria-label="Pladskategorier">
              {product.seatCategories.map((c) => (
                <SeatCategoryBadge key={c.key} category={c} />
              ))}
            </Wrap>
          )}
          {product.description && (
            <Text color="fg.muted" fontSize="sm">
              {product.description}
            </Text>
          )}
          <Text fontWeight="semibold">{priceText(product)}</Text>
        </Stack>
        {product.options.length > 0 && (
          <Stack as="fieldset" gap="1.5">
            <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
              {BOOKING_MSG.options}
            </Text>
            {product.options.map((o) => {
              const key = bookingOptionKey(o);
              return (
                <Checkbox.Root key={key} size="sm" checked={ticked.has(key)} onCheckedChange={(e) => toggle(key, !!e.checked)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {o.title} · {o.price ? `${formatDKK(kronerToOre(o.price))} pr. stk.` : BOOKING_MSG.free}
                  </Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </Stack>
        )}
        <HStack gap="2" wrap="wrap">
          <HStack gap="1">
            <IconButton aria-label="Færre" size="sm" variant="outline" onClick={() => set(amount - 1)} disabled={amount <= 0}>
              <Minus />
            </IconButton>
            <Input aria-label={`Antal ${product.title}`} type="number" inputMode="numeric" min={0} max={max} w="16" size="sm" textAlign="center" value={amount} onChange={(e) => set(Number(e.target.value))} />
            <IconButton aria-label="Flere" size="sm" variant="outline" onClick={() => set(amount + 1)} disabled={amount >= max}>
              <Plus />
            </IconButton>
          </HStack>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={amount <= 0 || amount > max}
            onClick={() => {
              onAdd(
                amount,
                product.options.filter((o) => ticked.has(bookingOptionKey(o))).map((o) => ({ productId: o.productId, variantId: o.variantId })),
              );
              setAmount(0);
            }}
          >
            {BOOKING_MSG.add}
          </Button>
        </HStack>
        {message && (
          <Text color={max <= 0 ? 'fg.muted' : 'fg.error'} fontSize="sm" role="status">
            {message}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
