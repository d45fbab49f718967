import { Alert, Button, Dialog, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BOOKING_MSG, type TProductOffered } from '@klubhus/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSeatDrawing } from '../../../lib/seatDrawing';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../ui/errors';
import { Modal } from '../../../ui/Modal';
import { SeatLegend } from '../../../ui/seatmap/SeatLegend';
import { SeatMap } from '../../../ui/seatmap/SeatMap';
import { indexSeats, type SeatLook } from '../../../ui/seatmap/seatIndex';

export interface PickedSeats {
  seats: string[];
  holdToken: string;
  expiresAt: string;
}

/**
 * The seat-picking modal of the wizard (SPEC §2): the event's seat map on the shared renderer, the
 * seats others have as taken, the visitor's own held ones as mine; as many seats as the line's
 * amount, only of the product's categories. Vælg holds them with a hold token (all or none);
 * Fortryd releases what this modal held. 'Plads skal vælges!' until every seat is chosen;
 * 'Kunne ikke indlæse pladsvælgeren!' when the map cannot be loaded.
 */
export function SeatPickerModal({
  open,
  onClose,
  onPicked,
  eventId,
  eventTitle,
  product,
  amount,
  companyId,
  holdToken,
}: {
  open: boolean;
  onClose: () => void;
  onPicked: (picked: PickedSeats) => void;
  eventId: number;
  eventTitle: string;
  product: TProductOffered;
  amount: number;
  companyId: number | null;
  holdToken: string | null;
}) {
  const trpc = useTRPC();
  const map = useQuery({ ...trpc.publicSeats.map.queryOptions({ eventId, companyId, token: holdToken ?? undefined }), enabled: open, retry: 1 });
  const drawing = useSeatDrawing(map.data?.drawing);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const index = useMemo(() => (drawing.data ? indexSeats(drawing.data) : null), [drawing.data]);
  const allowed = useMemo(() => new Set(product.seatCategories.map((c) => c.key)), [product.seatCategories]);
  const looks = useMemo(() => {
    const out = new Map<string, SeatLook>();
    for (const [code, look] of map.data?.seats ?? []) if (!selected.has(code)) out.set(code, look === 'mine' ? 'free' : look);
    for (const code of selected) out.set(code, 'mine');
    // Seats of other categories are not for this ticket.
    if (index && allowed.size) {
      for (const seat of index.seats) {
        const key = index.layout.categories[seat.category]?.key;
        if (key && !allowed.has(key) && !out.has(seat.code)) out.set(seat.code, 'blocked');
      }
    }
    return out;
  }, [map.data, selected, index, allowed]);
  const hold = useMutation(trpc.publicSeats.hold.mutationOptions());

  const onSelect = (codes: string[]) => {
    setError(null);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const c of codes) {
        if (next.has(c)) next.delete(c);
        else if (next.size < amount && looks.get(c) !== 'taken' && looks.get(c) !== 'blocked') next.add(c);
      }
      return next;
    });
  };
  const confirm = () => {
    if (selected.size !== amount) {
      setError(BOOKING_MSG.seatRequired);
      return;
    }
    hold.mutate(
      { eventId, seats: [...selected], token: holdToken ?? undefined, companyId },
      {
        onSuccess: (r) => {
          onPicked({ seats: r.seats, holdToken: r.token, expiresAt: r.expiresAt });
          setSelected(new Set());
        },
        onError: (e) => {
          setError(errorMessage(e));
          void map.refetch();
        },
      },
    );
  };
  const failed = map.isError || drawing.isError;
  return (
    <Modal open={open} onClose={onClose} title={`${BOOKING_MSG.seatModalTitle}: ${product.title}`} size={{ base: 'full', md: 'xl' }} testId="seat-picker">
      <Dialog.Body>
        <Stack gap="3">
          {failed ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{BOOKING_MSG.seatLoadFailed}</Alert.Title>
            </Alert.Root>
          ) : !drawing.data ? (
            <Skeleton h="80" aria-busy="true" />
          ) : (
            <>
              <SeatMap
                layout={drawing.data}
                label={`Pladskort for ${eventTitle}`}
                looks={looks}
                selected={selected}
                selectable={['free', 'mine']}
                onSelect={onSelect}
                height={{ base: '55vh', md: '60vh' }}
              />
              <SeatLegend layout={drawing.data} looks={['taken', 'mine']} />
            </>
          )}
          <Text aria-live="polite" fontWeight="medium">
            {BOOKING_MSG.seatsChosen(selected.size, amount)}
          </Text>
          {error && (
            <Text color="fg.error" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack>
          <Button variant="outline" onClick={onClose}>
            Fortryd
          </Button>
          <Button colorPalette="brand" onClick={confirm} loading={hold.isPending} disabled={failed}>
            {BOOKING_MSG.choose}
          </Button>
        </HStack>
      </Dialog.Footer>
    </Modal>
  );
}
