import { SimpleGrid, Stack } from '@chakra-ui/react';
import { EconomicField } from '../EconomicField';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, FormField, ImageUpload, NumberField, TextareaField, TextField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import { useModuleOn } from '../shared';

/** Tab Abonnement: sold as a subscription (start fee, fee, interval and commitment in months). */
export function SubscriptionSection() {
  const active = useWatch({ name: 'subscription.active' });
  return (
    <Section title="Abonnement">
      <Stack gap="4">
        <CheckboxField name="subscription.active" label="Sælg som abonnement" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <NumberField name="subscription.startFee" label="Oprettelsesgebyr (kr.)" disabled={!active} />
          <NumberField name="subscription.fee" label="Abonnementspris (kr.)" required={!!active} disabled={!active} />
          <NumberField
            name="subscription.interval"
            label="Interval (måneder)"
            decimals={false}
            required={!!active}
            disabled={!active}
            helperText="Antal måneder mellem hver betaling."
          />
          <NumberField
            name="subscription.commitment"
            label="Binding (måneder)"
            decimals={false}
            disabled={!active}
            helperText="Abonnementet kan ikke opsiges i bindingsperioden."
          />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

/** Tab Webshop: shown in the shop, its title, season, price, discount, description and image. */
export function ShopSection({ image, onImage, currentImage }: { image: File | null; onImage: (f: File | null) => void; currentImage: string | null }) {
  const trpc = useTRPC();
  const ordersOn = useModuleOn('orders');
  const seasons = useQuery({ ...trpc.seasons.options.queryOptions(), enabled: ordersOn });
  return (
    <Section title="Webshop">
      <Stack gap="4">
        <CheckboxField name="shop.active" label="Vis i webshop" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="shop.title" label="Titel i webshop" helperText="Tom: produktets titel bruges." />
          {ordersOn && (
            <AsyncSelectField
              name="shop.seasonId"
              label="Sæson"
              placeholder="Ingen sæson"
              options={(seasons.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
            />
          )}
          <NumberField name="shop.price" label="Webshop pris (kr.)" helperText="Tom: produktets pris bruges." />
          <NumberField name="shop.discount" label="Webshop rabat (kr.)" />
        </SimpleGrid>
        <TextareaField name="shop.description" label="Beskrivelse i webshop" rows={6} />
        <FormField name="imageFile" label="Billede">
          <ImageUpload value={image} onChange={onImage} currentUrl={currentImage} />
        </FormField>
      </Stack>
    </Section>
  );
}

/** Tab E-conomic (the orders module's economic feature): the product in e-conomic, chosen from its product list. */
export function EconomicSection() {
  return (
    <Section title="E-conomic">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <EconomicField name="economicSku" label="Produkt i e-conomic" list="products" helperText="Tom: produktets varenummer bruges." />
      </SimpleGrid>
    </Section>
  );
}
