import { HStack, Stack, Stat, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, ORDER_STATUS_LABELS, type OrderStatus } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc';
import { formatDate } from '../../ui/format';
import { AppLink } from '../../ui/LinkButton';
import { Section } from '../../ui/PageHeader';

type Company = RouterOutputs['companies']['get'];

/**
 * The company screen's sales (SPEC §2): revenue this year from its booked invoices (credit notes
 * subtracted, excluding VAT; GET /{id}/revenue), and the orders and agreements cards with links —
 * the newest five, and all of them in the order list filtered to the company.
 */
export function CompanySalesSection({ company }: { company: Company }) {
  const trpc = useTRPC();
  const revenue = useQuery(trpc.companies.revenue.queryOptions({ id: company.id }));
  const orders = company.orders.slice(0, 5);
  return (
    <>
      <Section title="Omsætning">
        <HStack gap="6" flexWrap="wrap" align="start">
          <Stat.Root>
            <Stat.Label>I år</Stat.Label>
            <Stat.ValueText fontSize="xl">{revenue.data ? formatDKK(kronerToOre(revenue.data.yearToDate)) : '–'}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Sidste år</Stat.Label>
            <Stat.ValueText fontSize="xl">{revenue.data ? formatDKK(kronerToOre(revenue.data.lastYear)) : '–'}</Stat.ValueText>
          </Stat.Root>
        </HStack>
        <Text mt="2" fontSize="xs" color="fg.muted">
          Bogførte fakturaer ekskl. moms, kreditnotaer fratrukket.
        </Text>
      </Section>
      <Section
        title="Ordrer"
        actions={company.orders.length > 0 && <AppLink to={`/orders/orders?company=${company.id}`} fontSize="sm">Se alle ({company.orders.length})</AppLink>}
      >
        {orders.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            Virksomheden har ingen ordrer.
          </Text>
        ) : (
          <Stack gap="2" as="ul" listStyleType="none">
            {orders.map((o) => (
              <HStack as="li" key={o.id} justify="space-between" fontSize="sm" gap="3">
                <AppLink to={`/orders/${o.id}`} whiteSpace="nowrap">
                  Ordre #{o.orderNumber}
                </AppLink>
                <Text color="fg.muted">{ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status}</Text>
                <Text color="fg.muted">{formatDate(o.createDate)}</Text>
                <Text whiteSpace="nowrap">{formatDKK(kronerToOre(o.subtotal + o.additionalFee))}</Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Aftaler">
        {company.contracts.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            Virksomheden har ingen aftaler.
          </Text>
        ) : (
          <Stack gap="2" as="ul" listStyleType="none">
            {company.contracts.slice(0, 5).map((c) => (
              <HStack as="li" key={c.id} justify="space-between" fontSize="sm" gap="3">
                <AppLink to={`/orders/contracts/${c.id}`}>Aftale #{c.contractNumber}</AppLink>
                <Text color="fg.muted">{c.category ?? ''}</Text>
                <Text color="fg.muted">{formatDate(c.startDate)}</Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}
