import { Box, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { applySetup, formatDKK, isNumberSetup, isPriceSetup, isTextSetup, kronerToOre, parseDecimal, type SetupChange, type SetupProduct } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../ui/PageHeader';
import { type ContractLineDraft, type ContractValues, draftToLine, lineToDraft } from './values';

type Products = ReturnType<typeof useProducts>['data'];
const useProducts = () => {
  const trpc = useTRPC();
  return useQuery(trpc.contracts.products.queryOptions());
};

const toSetupProduct = (p: NonNullable<Products>[number]['products'][number]): SetupProduct => ({
  ...p,
  price: kronerToOre(p.price),
  variants: p.variants.map((v) => ({ ...v, price: kronerToOre(v.price) })),
});

/**
 * The agreement's products by category, each with its contract setup (SPEC §4 line setup): a
 * checkbox, an amount (and a price for price-type lines), a description, a variant. Every change goes
 * through the domain's applySetup on the form's lines; the lines themselves are edited in the line
 * dialog below.
 */
export function SetupSection({ readOnly }: { readOnly: boolean }) {
  const products = useProducts();
  const { control, setValue } = useFormContext<ContractValues>();
  const drafts = (useWatch({ control, name: 'contractLines' }) ?? []) as ContractLineDraft[];
  if (!products.data?.length) return null;

  const change = (p: SetupProduct, c: SetupChange) => {
    const parsed = drafts.map((d) => ({ d, l: draftToLine(d) }));
    const lines = parsed.map((x) => x.l ?? ({ ...(x.d as object), productId: null, categoryLine: false } as unknown as NonNullable<typeof x.l>));
    const next = applySetup(lines, p, c);
    const back = next.map((l) => {
      const was = parsed.find((x) => x.l === l);
      return was ? was.d : lineToDraft(l);
    });
    setValue('contractLines', back, { shouldDirty: true });
  };
  const lineOf = (id: number) => drafts.find((d) => d.productId === id && !d.categoryLine);

  return (
    <Section title="Produkter">
      <Stack gap="5">
        {products.data.map((g) => (
          <Stack key={`${g.categoryId}`} gap="3" role="group" aria-label={g.category}>
            <Text fontWeight="semibold">{g.category}</Text>
            {g.products.map((raw) => {
              const p = toSetupProduct(raw);
              const s = p.contractSetup;
              if (!s) return null;
              const line = lineOf(p.id);
              const unit = s.unit === 'person' ? 'pers.' : 'stk.';
              return (
                <Box key={p.id} borderWidth="1px" rounded="md" p="3">
                  <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
                    <Stack gap="0">
                      {s.type === 'checkbox' && p.variants.length === 0 ? (
                        <Checkbox.Root checked={!!line} disabled={readOnly} onCheckedChange={(d) => change(p, { kind: 'checkbox', checked: d.checked === true })}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{p.title}</Checkbox.Label>
                        </Checkbox.Root>
                      ) : (
                        <Text fontWeight="medium">{p.title}</Text>
                      )}
                      <Text fontSize="xs" color="fg.muted">
                        {formatDKK(p.price)}
                      </Text>
                    </Stack>
                    {p.variants.length > 0 && (
                      <Field.Root disabled={readOnly}>
                        <Field.Label>Variant</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            bg="bg"
                            value={line?.variantId ? String(line.variantId) : ''}
                            onChange={(e) => change(p, { kind: 'variant', variantId: e.target.value ? Number(e.target.value) : null })}
                          >
                            <option value="">Ingen</option>
                            {p.variants.map((v) => (
                              <option key={v.id} value={v.id}>
                                {v.title} ({formatDKK(v.price)})
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                    )}
                    {isNumberSetup(s.type) && (
                      <Field.Root disabled={readOnly}>
                        <Field.Label>Antal ({unit})</Field.Label>
                        <Input
                          bg="bg"
                          inputMode="decimal"
                          aria-label={`Antal ${p.title}`}
                          value={line ? String(line.amount ?? '') : ''}
                          onChange={(e) => change(p, { kind: 'number', amount: parseDecimal(e.target.value) ?? 0 })}
                        />
                      </Field.Root>
                    )}
                    {isPriceSetup(s) && (
                      <Field.Root disabled={readOnly || !line}>
                        <Field.Label>Pris (kr.)</Field.Label>
                        <Input
                          bg="bg"
                          inputMode="decimal"
                          aria-label={`Pris ${p.title}`}
                          value={line ? String(line.price ?? '') : ''}
                          onChange={(e) => {
                            const kr = parseDecimal(e.target.value);
                            const amount = parseDecimal(String(line?.amount ?? '1')) ?? 1;
                            change(p, { kind: 'number', amount, price: kr === null || Number.isNaN(kr) ? 0 : kronerToOre(kr) });
                          }}
                        />
                      </Field.Root>
                    )}
                    {isTextSetup(s) && (
                      <Field.Root disabled={readOnly} gridColumn={{ md: 'span 2' }}>
                        <Field.Label>Beskrivelse</Field.Label>
                        <Input bg="bg" aria-label={`Beskrivelse ${p.title}`} value={line?.description ?? ''} onChange={(e) => change(p, { kind: 'text', description: e.target.value })} />
                      </Field.Root>
                    )}
                  </SimpleGrid>
                </Box>
              );
            })}
          </Stack>
        ))}
        <HStack>
          <Text fontSize="sm" color="fg.muted">
            Valgte produkter står som linjer nedenfor.
          </Text>
        </HStack>
      </Stack>
    </Section>
  );
}
