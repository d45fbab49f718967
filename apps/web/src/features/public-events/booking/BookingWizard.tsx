import { Alert, Box, Button, Card, Checkbox, Field, Heading, HStack, Image, Input, Link, Separator, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import {
  BOOKING_MSG,
  bookingOptionKey,
  formatDKK,
  kronerToOre,
  splitFreePaid,
  type TBookingProducts,
  type TOrderPayStart,
  type TProductOffered,
  ZBookingCustomer,
} from '@klubhus/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { continuePayment } from '../../../lib/payment';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../ui/errors';
import { RichText } from '../../../ui/RichText';
import { Form, TextField, CheckboxField, useZodForm, ValueSelect } from '../../../ui/form';
import { type BookingDraft, type BookingOptionChoice, useBookingDraft } from './draft';
import { ProductCard } from './ProductCard';
import { type PickedSeats, SeatPickerModal } from './SeatPickerModal';
import { seatText } from './seatText';

const StripePayment = lazy(() => import('../../orders/pay/StripePayment'));

type Line = BookingDraft['products'][number];
let lineSeq = 0;
const lineKey = () => `l${Date.now().toString(36)}${(lineSeq++).toString(36)}`;

/** The booking's lines priced as the server will price them (SPEC §5 free/paid split, per product; options at their price for every unit). */
function pricedLines(lines: Line[], offers: TProductOffered[]) {
  const freeLeft = new Map(offers.map((o) => [o.productId, o.freeAmount]));
  return lines.map((l) => {
    const o = offers.find((x) => x.productId === l.productId);
    const amount = Number(l.amount);
    const split = splitFreePaid(amount, freeLeft.get(l.productId) ?? 0, kronerToOre(o?.price ?? 0));
    freeLeft.set(l.productId, (freeLeft.get(l.productId) ?? 0) - split.free);
    const wanted = new Set((l.options ?? []).map(bookingOptionKey));
    const options = (o?.options ?? []).filter((op) => wanted.has(bookingOptionKey(op)));
    const optionsTotal = options.reduce((s, op) => s + kronerToOre(op.price), 0) * amount;
    return { line: l, offer: o, amount, options, total: split.total + optionsTotal };
  });
}

/** The ticked options under a line, in small print. */
function OptionsText({ options }: { options: TProductOffered['options'] }) {
  if (!options.length) return null;
  return (
    <Text fontSize="xs" color="fg.muted">
      {BOOKING_MSG.options}: {options.map((o) => o.title).join(', ')}
    </Text>
  );
}

/**
 * The booking wizard of an event's page (SPEC §2; §5; §6): step 1 Billetter (or Antal for an event
 * without tickets) — who buys, the product cards and the seat picker; step 2 Oplysninger —
 * participants' names, the customer's details for a guest and the event's questions; step 3
 * Bekræft — the lines and total, discount code, terms, Bestil. The step is in the URL's hash (#1,
 * #2), so the browser's back goes a step back. The draft is kept in the browser until it expires.
 */
export function BookingWizard({ eventId, eventTitle, terms, inviteToken }: { eventId: number; eventTitle: string; terms: string | null; inviteToken?: string }) {
  const trpc = useTRPC();
  const location = useLocation();
  const navigate = useNavigate();
  const q = useQuery({ ...trpc.booking.products.queryOptions({ eventId, inviteToken: inviteToken ?? null }), retry: false });
  const { draft, update, clear } = useBookingDraft(eventId);
  const step = location.hash === '#2' ? 2 : location.hash === '#1' ? 1 : 0;
  const goTo = (n: number) => navigate({ hash: n ? `#${n}` : '' });
  // A new step starts at the wizard's top (on a phone the button pressed is far below it).
  useEffect(() => {
    if (step > 0) document.getElementById('booking')?.scrollIntoView({ block: 'start' });
  }, [step]);

  if (q.isPending) return <Skeleton h="40" aria-busy="true" />;
  if (!q.data) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{errorMessage(q.error)}</Alert.Title>
      </Alert.Root>
    );
  }
  const data = q.data;
  const user = data.users.find((u) => u.key === draft.user) ?? (data.users.length === 1 ? data.users[0] : null);
  const offers = user ? (data.result[user.key] ?? []) : [];
  const stepTitles = [data.hasTickets ? BOOKING_MSG.stepTickets : BOOKING_MSG.stepAmount, BOOKING_MSG.stepInfo, BOOKING_MSG.stepConfirm];
  const count = draft.products.reduce((s, l) => s + Number(l.amount), 0);

  return (
    <Card.Root variant="outline" id="booking">
      <Card.Body gap="6" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="lg">
          {inviteToken ? BOOKING_MSG.invitedBy : 'Bestil'}
        </Heading>
        <HStack as="ol" aria-label="Trin" gap={{ base: '2', md: '4' }} listStyleType="none" m="0" p="0" wrap="wrap">
          {stepTitles.map((title, i) => (
            <HStack as="li" key={title} gap="2" aria-current={i === step ? 'step' : undefined} color={i === step ? 'fg' : 'fg.muted'} fontWeight={i === step ? 'semibold' : 'normal'}>
              <Box
                as="span"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                w="6"
                h="6"
                borderRadius="full"
                fontSize="sm"
                bg={i <= step ? 'brand.solid' : 'bg.muted'}
                color={i <= step ? 'brand.contrast' : 'fg.muted'}
              >
                {i + 1}
              </Box>
              <Text as="span">{title}</Text>
            </HStack>
          ))}
        </HStack>
        {step === 0 && (
          <ChooseStep
            data={data}
            eventId={eventId}
            eventTitle={eventTitle}
            draft={draft}
            update={update}
            user={user}
            offers={offers}
            onNext={() => goTo(1)}
            canContinue={count > 0 && !!user}
            invite={!!inviteToken}
          />
        )}
        {step === 1 && user && <InfoStep data={data} draft={draft} update={update} guest={user.kind === 'none'} offers={offers} onBack={() => navigate(-1)} onNext={() => goTo(2)} />}
        {step === 2 && user && (
          <ConfirmStep eventId={eventId} draft={draft} update={update} user={user} offers={offers} terms={terms} inviteToken={inviteToken} onBack={() => navigate(-1)} onDone={clear} />
        )}
        {step > 0 && !user && (
          <Button alignSelf="start" variant="outline" onClick={() => goTo(0)}>
            {BOOKING_MSG.back}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

type StepProps = { draft: BookingDraft; update: ReturnType<typeof useBookingDraft>['update'] };
type User = TBookingProducts['users'][number];

function ChooseStep({
  data,
  eventId,
  eventTitle,
  draft,
  update,
  user,
  offers,
  onNext,
  canContinue,
  invite,
}: StepProps & { data: TBookingProducts; eventId: number; eventTitle: string; user: User | null; offers: TProductOffered[]; onNext: () => void; canContinue: boolean; invite: boolean }) {
  const trpc = useTRPC();
  const [picking, setPicking] = useState<{ product: TProductOffered; amount: number; options: BookingOptionChoice[] } | null>(null);
  const release = useMutation(trpc.booking.releaseSeat.mutationOptions());
  const holdToken = draft.products.find((l) => l.holdToken)?.holdToken ?? null;
  const addedOf = (productId: number) => draft.products.filter((l) => l.productId === productId).reduce((s, l) => s + Number(l.amount), 0);
  // The booking's tickets over all its lines: a spinner never goes past what the booking still takes (MAX_BOOKING_TICKETS).
  const addedAll = draft.products.reduce((s, l) => s + Number(l.amount), 0);

  const choose = (u: User) => {
    if (u.key === draft.user) return;
    for (const l of draft.products) if (l.holdToken && l.seat) release.mutate({ eventId, holdToken: l.holdToken, seat: l.seat });
    update({ user: u.key, products: [] });
  };
  const add = (p: TProductOffered, amount: number, options: BookingOptionChoice[]) => {
    if (p.type === 'seat-ticket' && data.hasSeating) return setPicking({ product: p, amount, options });
    const lines: Line[] = p.nameRequired
      ? Array.from({ length: amount }, () => ({ key: lineKey(), productId: p.productId, amount: 1, name: '', options }))
      : [{ key: lineKey(), productId: p.productId, amount, options }];
    update((d) => ({ user: user?.key ?? d.user, products: [...d.products, ...lines] }));
  };
  const picked = (p: TProductOffered, seats: PickedSeats, options: BookingOptionChoice[]) => {
    const lines: Line[] = seats.seats.map((seat) => ({ key: lineKey(), productId: p.productId, amount: 1, seat, holdToken: seats.holdToken, name: p.nameRequired ? '' : null, options }));
    update((d) => ({ user: user?.key ?? d.user, products: [...d.products, ...lines] }), Date.parse(seats.expiresAt));
    setPicking(null);
  };
  const remove = (l: Line) => {
    if (l.holdToken && l.seat) release.mutate({ eventId, holdToken: l.holdToken, seat: l.seat });
    update((d) => ({ products: d.products.filter((x) => x.key !== l.key) }));
  };
  const priced = pricedLines(draft.products, offers);

  return (
    <Stack gap="5">
      {!data.loggedIn && !invite && (
        <Text>
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">{data.businessOnly ? BOOKING_MSG.loginToBook : BOOKING_MSG.loginOrGuest}</RouterLink>
          </Link>
        </Text>
      )}
      {data.message && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{data.message}</Alert.Title>
        </Alert.Root>
      )}
      {data.users.length > 1 && (
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3" role="list" aria-label="Køb som">
          {data.users.map((u) => {
            const chosen = user?.key === u.key;
            return (
              <Card.Root key={u.key} variant={chosen ? 'subtle' : 'outline'} size="sm" role="listitem">
                <Card.Body gap="3" alignItems="start">
                  <HStack gap="3">
                    {u.logoWeb && <Image src={u.logoWeb} alt="" maxH="8" maxW="16" objectFit="contain" />}
                    <Text fontWeight="semibold">{u.name}</Text>
                  </HStack>
                  <Button size="sm" variant={chosen ? 'solid' : 'outline'} colorPalette="brand" disabled={chosen} onClick={() => choose(u)} aria-label={`${chosen ? BOOKING_MSG.chosen : BOOKING_MSG.choose}: ${u.name}`}>
                    {chosen ? BOOKING_MSG.chosen : BOOKING_MSG.choose}
                  </Button>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}
      {user &&
        (offers.length === 0 || offers.every((o) => o.maxAmount <= 0 && addedOf(o.productId) === 0) ? (
          <Text role="status">{BOOKING_MSG.noTickets(data.contactEmail)}</Text>
        ) : (
          <Stack gap="3">
            {offers.map((p) => (
              <ProductCard key={p.productId} product={p} added={addedOf(p.productId)} addedAll={addedAll} contactEmail={data.contactEmail} onAdd={(n, options) => add(p, n, options)} />
            ))}
          </Stack>
        ))}
      {draft.products.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Din bestilling
          </Heading>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {priced.map(({ line, offer, amount, options, total }) => (
              <HStack as="li" key={line.key} justify="space-between" borderBottomWidth="1px" py="1.5">
                <Box>
                  <Text>
                    {amount} × {offer?.title ?? ''}
                    {line.seat ? ` · ${seatText(line.seat)}` : ''}
                  </Text>
                  <OptionsText options={options} />
                </Box>
                <HStack>
                  <Text whiteSpace="nowrap">{total ? formatDKK(total) : BOOKING_MSG.free}</Text>
                  <Button size="xs" variant="ghost" aria-label={`Fjern ${offer?.title ?? ''}${line.seat ? ` ${seatText(line.seat)}` : ''}`} onClick={() => remove(line)}>
                    <Trash2 />
                  </Button>
                </HStack>
              </HStack>
            ))}
          </Stack>
        </Stack>
      )}
      <Button alignSelf="end" colorPalette="brand" disabled={!canContinue} onClick={onNext}>
        {BOOKING_MSG.continue}
      </Button>
      {picking && (
        <SeatPickerModal
          open
          onClose={() => setPicking(null)}
          onPicked={(s) => picked(picking.product, s, picking.options)}
          eventId={eventId}
          eventTitle={eventTitle}
          product={picking.product}
          amount={picking.amount}
          companyId={user?.companyId ?? null}
          holdToken={holdToken}
        />
      )}
    </Stack>
  );
}


function InfoStep({ data, draft, update, guest, offers, onBack, onNext }: StepProps & { data: TBookingProducts; guest: boolean; offers: TProductOffered[]; onBack: () => void; onNext: () => void }) {
  const named = draft.products.filter((l) => offers.find((o) => o.productId === l.productId)?.nameRequired);
  const [nameErrors, setNameErrors] = useState(false);
  const form = useZodForm(ZBookingCustomer, {
    defaultValues: { firstname: draft.firstname, lastname: draft.lastname, email: draft.email, phone: draft.phone, createUser: draft.createUser, password: '' },
  });
  const trpc = useTRPC();
  const check = useMutation(trpc.booking.validateContact.mutationOptions());
  const [known, setKnown] = useState<string | null>(null);
  const namesOk = () => {
    const ok = named.every((l) => (l.name ?? '').trim());
    setNameErrors(!ok);
    return ok;
  };
  const submit = async (values: { firstname: string; lastname: string; email: string; phone: string; createUser: boolean; password: string }) => {
    if (!namesOk()) return;
    if (!data.loggedIn) {
      const r = await check.mutateAsync({ email: values.email });
      if (!r.success) return setKnown(r.error);
    }
    update({ ...values });
    onNext();
  };
  const names = named.length > 0 && (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        Deltagere
      </Heading>
      {named.map((l, i) => (
        <Field.Root key={l.key} required invalid={nameErrors && !(l.name ?? '').trim()}>
          <Field.Label>
            Navn på deltager {i + 1} ({offers.find((o) => o.productId === l.productId)?.title}
            {l.seat ? `, ${seatText(l.seat)}` : ''})
          </Field.Label>
          <Input value={l.name ?? ''} onChange={(e) => update((d) => ({ products: d.products.map((x) => (x.key === l.key ? { ...x, name: e.target.value } : x)) }))} />
          {nameErrors && !(l.name ?? '').trim() && <Field.ErrorText>{BOOKING_MSG.nameRequired}</Field.ErrorText>}
        </Field.Root>
      ))}
    </Stack>
  );
  const asked = draft.products.flatMap((l) => {
    const offer = offers.find((o) => o.productId === l.productId);
    return offer?.extraInfo.length ? [{ line: l, offer }] : [];
  });
  const answer = (l: Line, title: string, value: string) =>
    update((d) => ({
      products: d.products.map((x) => (x.key === l.key ? { ...x, extraInfo: [...(x.extraInfo ?? []).filter((a) => a.title !== title), { title, value }] } : x)),
    }));
  const lineQuestions = asked.length > 0 && (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        Spørgsmål til billetterne
      </Heading>
      {asked.flatMap(({ line, offer }) =>
        offer.extraInfo.map((x) => {
          const label = `${x.title} (${offer.title}${line.seat ? `, ${seatText(line.seat)}` : ''}${line.name ? `, ${line.name}` : ''})`;
          const value = line.extraInfo?.find((a) => a.title === x.title)?.value ?? '';
          return (
            <Field.Root key={`${line.key}-${x.alias}`}>
              <Field.Label>{label}</Field.Label>
              {x.values.length ? (
                <ValueSelect values={x.values} value={value} onChange={(e) => answer(line, x.title, e.target.value)} />
              ) : (
                <Input value={value} onChange={(e) => answer(line, x.title, e.target.value)} />
              )}
            </Field.Root>
          );
        }),
      )}
    </Stack>
  );
  const questions = data.extraInfo.length > 0 && (
    <Stack gap="3">
      {data.extraInfo.map((x) => (
        <Field.Root key={x.alias} required={x.required}>
          <Field.Label>{x.title}</Field.Label>
          <Input value={draft.extraInfo[x.alias] ?? ''} onChange={(e) => update((d) => ({ extraInfo: { ...d.extraInfo, [x.alias]: e.target.value } }))} />
        </Field.Root>
      ))}
    </Stack>
  );
  const buttons = (submitForm?: string) => (
    <HStack justify="space-between">
      <Button variant="outline" onClick={onBack}>
        {BOOKING_MSG.back}
      </Button>
      {submitForm ? (
        <Button type="submit" form={submitForm} colorPalette="brand" loading={check.isPending}>
          {BOOKING_MSG.continue}
        </Button>
      ) : (
        <Button colorPalette="brand" onClick={() => namesOk() && onNext()}>
          {BOOKING_MSG.continue}
        </Button>
      )}
    </HStack>
  );
  if (!guest) {
    return (
      <Stack gap="5">
        {names}
        {lineQuestions}
        {questions}
        {!names && !lineQuestions && !questions && <Text color="fg.muted">Vi bruger oplysningerne fra din bruger.</Text>}
        {buttons()}
      </Stack>
    );
  }
  return (
    <Stack gap="5">
      {names}
      <Form id="booking-customer" form={form} onSubmit={submit}>
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Dine oplysninger
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField name="firstname" label="Fornavn" required />
            <TextField name="lastname" label="Efternavn" required />
            <TextField name="email" label="E-mail" type="email" required />
            <TextField name="phone" label="Telefon" type="tel" required />
          </SimpleGrid>
          {known && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>
                {known}{' '}
                <Link asChild fontWeight="semibold">
                  <RouterLink to="/login">Log ind</RouterLink>
                </Link>
              </Alert.Title>
            </Alert.Root>
          )}
          {!data.loggedIn && <CheckboxField name="createUser" label={BOOKING_MSG.createUser} />}
          {!data.loggedIn && form.watch('createUser') && <TextField name="password" label="Adgangskode" type="password" required />}
        </Stack>
      </Form>
      {lineQuestions}
      {questions}
      {buttons('booking-customer')}
    </Stack>
  );
}

function ConfirmStep({
  eventId,
  draft,
  update,
  user,
  offers,
  terms,
  inviteToken,
  onBack,
  onDone,
}: StepProps & { eventId: number; user: User; offers: TProductOffered[]; terms: string | null; inviteToken?: string; onBack: () => void; onDone: () => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [stripe, setStripe] = useState<Extract<TOrderPayStart, { kind: 'client-secret' }> | null>(null);
  const book = useMutation(trpc.booking.book.mutationOptions());
  const priced = useMemo(() => pricedLines(draft.products, offers), [draft.products, offers]);
  const total = priced.reduce((s, l) => s + l.total, 0);
  const submit = () => {
    if (!accepted) return setTermsError(true);
    book.mutate(
      {
        eventId,
        companyId: user.companyId,
        contactId: user.kind === 'contact' ? user.contactId : null,
        products: draft.products.map(({ key: _key, ...l }) => ({ ...l, name: l.name || null, extraInfo: (l.extraInfo ?? []).filter((a) => a.value) })),
        discountCode: draft.discountCode || null,
        createUser: draft.createUser,
        password: draft.password || null,
        firstname: draft.firstname || null,
        lastname: draft.lastname || null,
        email: draft.email || null,
        phone: draft.phone || null,
        extraInfo: draft.extraInfo,
        acceptTerms: true,
        inviteToken: inviteToken ?? null,
      },
      {
        onSuccess: (r) => {
          onDone();
          if (!r.payment) navigate(r.url);
          else setStripe(continuePayment(r.payment));
        },
      },
    );
  };
  if (stripe) {
    return (
      <Suspense fallback={<Text color="fg.muted">Et øjeblik …</Text>}>
        <StripePayment {...stripe} label={`${BOOKING_MSG.pay} ${formatDKK(total)}`} />
      </Suspense>
    );
  }
  return (
    <Stack gap="5">
      <Table.Root size="sm" aria-label="Din bestilling">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Billet</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Antal</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Pris</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {priced.map(({ line, offer, amount, options, total: t }) => (
            <Table.Row key={line.key}>
              <Table.Cell>
                {offer?.title}
                <OptionsText options={options} />
                {line.seat && (
                  <Text fontSize="xs" color="fg.muted">
                    {seatText(line.seat)}
                  </Text>
                )}
                {line.name && (
                  <Text fontSize="xs" color="fg.muted">
                    {line.name}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{amount}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {t ? formatDKK(t) : BOOKING_MSG.free}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <HStack justify="space-between" fontWeight="semibold" fontSize="lg">
        <Text>Total</Text>
        <Text data-testid="booking-total">{formatDKK(total)}</Text>
      </HStack>
      {total > 0 && (
        <Field.Root maxW="xs">
          <Field.Label>{BOOKING_MSG.discountCode}</Field.Label>
          <Input value={draft.discountCode} onChange={(e) => update({ discountCode: e.target.value })} autoComplete="off" />
          <Field.HelperText>Rabatten trækkes fra, når du bestiller.</Field.HelperText>
        </Field.Root>
      )}
      <Separator />
      {terms && <Box fontSize="sm" color="fg.muted" maxH="32" overflowY="auto">
          <RichText html={terms} />
        </Box>}
      <Field.Root invalid={termsError}>
        <Checkbox.Root
          checked={accepted}
          onCheckedChange={(d) => {
            setAccepted(d.checked === true);
            setTermsError(false);
          }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {BOOKING_MSG.acceptTerms} (
            <Link asChild color="brand.fg">
              <RouterLink to="/terms" target="_blank">
                Handelsbetingelser
              </RouterLink>
            </Link>
            )
          </Checkbox.Label>
        </Checkbox.Root>
        {termsError && <Field.ErrorText>{BOOKING_MSG.termsRequired}</Field.ErrorText>}
      </Field.Root>
      {book.error && (
        <Text color="fg.error" role="alert">
          {errorMessage(book.error)}
        </Text>
      )}
      <HStack justify="space-between" gap="3">
        <Button variant="outline" onClick={onBack}>
          {BOOKING_MSG.back}
        </Button>
        <Button colorPalette="brand" size="lg" flex={{ base: '1', sm: 'initial' }} minW="0" whiteSpace="normal" h="auto" minH="11" py="2" loading={book.isPending} onClick={submit}>
          {total > 0 ? `${BOOKING_MSG.pay} · ${formatDKK(total)}` : BOOKING_MSG.book}
        </Button>
      </HStack>
    </Stack>
  );
}
