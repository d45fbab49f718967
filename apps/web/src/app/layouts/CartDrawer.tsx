import { Box, CloseButton, Drawer, Flex, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre } from '@klubhus/domain';
import { useAppState } from '../../lib/appState';
import { cartTotals, lineTotal, useCart } from '../../lib/cart';

/** The storefront's cart: its lines and totals (VAT from the club's settings, computeTotals). */
export default function CartDrawer() {
  const { cart, drawerOpen, setDrawerOpen } = useCart();
  const { client } = useAppState();
  const totals = cartTotals(cart, client);
  return (
    <Drawer.Root open={drawerOpen} onOpenChange={(d) => setDrawerOpen(d.open)} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="24rem" w="full">
            <Drawer.Header>
              <Drawer.Title>Kurv</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {cart.lines.length === 0 ? (
                <Text color="fg.muted">Kurven er tom.</Text>
              ) : (
                <Stack gap="3" as="ul" listStyleType="none">
                  {cart.lines.map((l) => (
                    <Flex as="li" key={l.id} justify="space-between" gap="3">
                      <Box>
                        <Text fontWeight="medium">{l.title}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {l.amount} × {formatDKK(kronerToOre(l.price))}
                        </Text>
                      </Box>
                      <Text fontWeight="medium">{formatDKK(lineTotal(l))}</Text>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
              <Separator />
              <Flex justify="space-between">
                <Text>Subtotal</Text>
                <Text>{formatDKK(totals.subtotal)}</Text>
              </Flex>
              <Flex justify="space-between">
                <Text>Moms</Text>
                <Text>{formatDKK(totals.vat)}</Text>
              </Flex>
              <Flex justify="space-between" fontWeight="bold">
                <Text>Total</Text>
                <Text>{formatDKK(totals.total)}</Text>
              </Flex>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Luk kurv" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
