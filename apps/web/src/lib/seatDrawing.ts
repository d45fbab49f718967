import type { TSeatMapLayout } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';

/**
 * A seat map's drawing from the address the server handed out (Planoversigt's seatMaps.get, the
 * picker's publicSeats.map). It never changes for that address, so it is fetched once and the
 * browser keeps it (the server marks it immutable): a stadium is downloaded once, its seats' state
 * on every look. Data, like a file link — not a call to a REST adapter.
 */
export function useSeatDrawing(address: string | undefined) {
  return useQuery({
    queryKey: ['seat-drawing', address],
    enabled: !!address,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    queryFn: async ({ signal }): Promise<TSeatMapLayout> => {
      const res = await fetch(address as string, { signal, credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`Pladskortet svarede ${res.status}`);
      return res.json();
    },
  });
}
