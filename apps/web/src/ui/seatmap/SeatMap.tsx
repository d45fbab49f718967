import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import type { TSeatMapLayout } from '@klubhus/domain';
import { Maximize, Minus, Plus, SquareDashedMousePointer } from 'lucide-react';
import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  indexSeats,
  type SeatIndex,
  type SeatLook,
  type SeatMarks,
  type SeatMove,
  moveFrom,
  seatElementId,
  seatLabel,
  seatsInBox,
  sectionMarkup,
  sectionSignatures,
} from './seatIndex';

/**
 * The one seat-map renderer: staff's Planoversigt, the chart editor and the storefront's seat
 * picker all draw with it. An SVG listbox of seats (multi-select): a mouse or finger picks a seat,
 * drags to pan, wheels or pinches to zoom, and with 'Markér område' (or Shift) draws a box around
 * seats; the keyboard moves between seats with the arrows (Home/End within a row, Page Up/Down
 * between sections), picks with Space or Enter, zooms with + and −, and a screen reader hears each
 * seat's section, row, number, category and state. Seats are drawn per section as markup, and a
 * section is drawn again only when one of its seats changed.
 */
export interface SeatMapProps {
  layout: TSeatMapLayout;
  /** The accessible name of the map ('Pladskort for …'). */
  label: string;
  looks?: ReadonlyMap<string, SeatLook>;
  selected?: ReadonlySet<string>;
  channels?: ReadonlyMap<string, string>;
  /** Looks a seat may have to be chosen; every seat when absent. */
  selectable?: readonly SeatLook[];
  /** A seat clicked or chosen by keyboard ('toggle'), or the seats inside a drawn box ('add'). */
  onSelect?: (codes: string[], how: 'toggle' | 'add') => void;
  /** Offer the box selection (staff). */
  lasso?: boolean;
  height?: string | Record<string, string>;
  /** Called once the seats are in the document, with how long drawing them took (ms). */
  onDrawn?: (ms: number) => void;
}

/** The seats a person has marked on a map: a click toggles one, a box adds many. */
export function useSeatSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const onSelect = (codes: string[], how: 'toggle' | 'add') =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const c of codes) {
        if (how === 'toggle' && next.has(c)) next.delete(c);
        else next.add(c);
      }
      return next;
    });
  const clear = () => setSelected(new Set());
  return { selected, onSelect, clear };
}

const EMPTY_LOOKS: ReadonlyMap<string, SeatLook> = new Map();
const EMPTY_SET: ReadonlySet<string> = new Set();
const EMPTY_CHANNELS: ReadonlyMap<string, string> = new Map();

type ViewBox = { x: number; y: number; w: number; h: number };

const Section = memo(function Section({ markup, name, labelAt }: { markup: string; name: string; labelAt: { x: number; y: number; size: number } }) {
  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG text is not focusable; the group below carries the name */}
      <text x={labelAt.x} y={labelAt.y} style={{ fontSize: labelAt.size }} textAnchor="middle" className="section-label" aria-hidden="true">
        {name}
      </text>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built by sectionMarkup, every text escaped */}
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is not interactive; it groups a section's options */}
      {/* biome-ignore lint/a11y/useSemanticElements: a group of options inside an SVG listbox has no HTML element */}
      <g role="group" aria-label={name} dangerouslySetInnerHTML={{ __html: markup }} />
    </>
  );
});

export function SeatMap({
  layout,
  label,
  looks = EMPTY_LOOKS,
  selected = EMPTY_SET,
  channels = EMPTY_CHANNELS,
  selectable,
  onSelect,
  lasso = false,
  height = { base: '60vh', md: '560px' },
  onDrawn,
}: SeatMapProps) {
  const drawStart = useRef(performance.now());
  const index = useMemo(() => {
    drawStart.current = performance.now();
    return indexSeats(layout);
  }, [layout]);
  const idPrefix = `seat${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const svgRef = useRef<SVGSVGElement>(null);
  const fit = useMemo(() => fitBox(index), [index]);
  const [view, setView] = useState<ViewBox>(fit);
  useEffect(() => setView(fit), [fit]);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [boxMode, setBoxMode] = useState(false);
  const [box, setBox] = useState<{ x1: number; y1: number; x2: number; y2: number } | null>(null);
  const [hover, setHover] = useState<{ seat: number; left: number; top: number } | null>(null);

  // Sections are drawn again only when their signature changes.
  const marks: SeatMarks = { looks, selected, channels, selectable };
  const signatures = sectionSignatures(index, marks);
  const cache = useRef(new Map<number, { key: string; markup: string }>());
  const cacheFor = useRef(index);
  if (cacheFor.current !== index) {
    cache.current.clear();
    cacheFor.current = index;
  }
  const selectableKey = selectable?.join(',') ?? '*';
  const markups = index.layout.sections.map((_, s) => {
    const key = `${selectableKey}|${signatures[s]}`;
    const hit = cache.current.get(s);
    if (hit && hit.key === key) return hit.markup;
    const markup = sectionMarkup(index, s, marks, idPrefix);
    cache.current.set(s, { key, markup });
    return markup;
  });
  const labels = useMemo(() => sectionLabels(index), [index]);

  useLayoutEffect(() => {
    // Two frames: the seats are laid out and painted. The bench reads the measure ('seatmap:drawn').
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const end = performance.now();
        performance.measure('seatmap:drawn', { start: drawStart.current, end, detail: { seats: index.seats.length } });
        onDrawn?.(end - drawStart.current);
      }),
    );
  }, [index, onDrawn]);

  // Wheel zoom needs a listener that may cancel the page's scroll.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = toChart(svg, e.clientX, e.clientY);
      setView((v) => zoomAt(v, p, 1.0015 ** e.deltaY, index));
    };
    svg.addEventListener('wheel', wheel, { passive: false });
    return () => svg.removeEventListener('wheel', wheel);
  }, [index]);

  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ kind: 'pan' | 'box' | 'pinch'; startX: number; startY: number; view: ViewBox; seat: string | null; moved: boolean; dist?: number } | null>(null);

  const choose = (codes: string[], how: 'toggle' | 'add') => {
    if (!onSelect) return;
    const allowed = codes.filter((c) => !selectable || selectable.includes(looks.get(c) ?? 'free'));
    if (allowed.length) onSelect(allowed, how);
  };

  const onPointerDown = (e: React.PointerEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    if (!svg || (e.pointerType === 'mouse' && e.button !== 0)) return;
    svg.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current = { kind: 'pinch', startX: (a.x + b.x) / 2, startY: (a.y + b.y) / 2, view, seat: null, moved: true, dist: Math.hypot(a.x - b.x, a.y - b.y) };
      setBox(null);
      return;
    }
    const seat = (e.target as Element).getAttribute?.('data-seat') ?? null;
    const kind = lasso && (boxMode || e.shiftKey) ? 'box' : 'pan';
    gesture.current = { kind, startX: e.clientX, startY: e.clientY, view, seat, moved: false };
  };

  const onPointerMove = (e: React.PointerEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    if (!svg) return;
    const g = gesture.current;
    if (!g) {
      // Hover: a tooltip with the seat's name.
      const code = (e.target as Element).getAttribute?.('data-seat');
      const i = code ? index.byCode.get(code) : undefined;
      const rect = svg.getBoundingClientRect();
      if (i === undefined) {
        if (hover) setHover(null);
      } else if (hover?.seat !== i) setHover({ seat: i, left: e.clientX - rect.left, top: e.clientY - rect.top });
      return;
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (Math.hypot(e.clientX - g.startX, e.clientY - g.startY) > 4) g.moved = true;
    if (!g.moved) return;
    if (g.kind === 'pinch' && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const centre = toChart(svg, (a.x + b.x) / 2, (a.y + b.y) / 2);
      setView(zoomAt(g.view, centre, (g.dist ?? dist) / dist, index));
    } else if (g.kind === 'pan') {
      const scale = g.view.w / svg.clientWidth;
      const unit = Math.max(scale, g.view.h / svg.clientHeight);
      setView({ ...g.view, x: g.view.x - (e.clientX - g.startX) * unit, y: g.view.y - (e.clientY - g.startY) * unit });
    } else if (g.kind === 'box') {
      const a = toChart(svg, g.startX, g.startY);
      const b = toChart(svg, e.clientX, e.clientY);
      setBox({ x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    }
  };

  const onPointerUp = (e: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (!g) return;
    if (!g.moved && g.seat) {
      const i = index.byCode.get(g.seat);
      if (i !== undefined) setActive(i);
      choose([g.seat], 'toggle');
    } else if (g.kind === 'box' && box) {
      choose(
        seatsInBox(index, box).map((i) => index.seats[i].code),
        'add',
      );
    }
    setBox(null);
  };

  const reveal = (i: number) => {
    const s = index.seats[i];
    setView((v) => (s.x < v.x || s.x > v.x + v.w || s.y < v.y || s.y > v.y + v.h ? { ...v, x: s.x - v.w / 2, y: s.y - v.h / 2 } : v));
  };

  const KEYS: Record<string, SeatMove> = {
    ArrowLeft: 'left',
    ArrowRight: 'right',
    ArrowUp: 'up',
    ArrowDown: 'down',
    Home: 'rowStart',
    End: 'rowEnd',
    PageUp: 'prevSection',
    PageDown: 'nextSection',
  };
  const onKeyDown = (e: React.KeyboardEvent<SVGSVGElement>) => {
    if (!index.seats.length) return;
    const move = KEYS[e.key];
    if (move) {
      e.preventDefault();
      const next = active === null ? 0 : moveFrom(index, active, move);
      setActive(next);
      reveal(next);
    } else if ((e.key === ' ' || e.key === 'Enter') && active !== null) {
      e.preventDefault();
      choose([index.seats[active].code], 'toggle');
    } else if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      const c = active === null ? { x: view.x + view.w / 2, y: view.y + view.h / 2 } : index.seats[active];
      setView((v) => zoomAt(v, c, e.key === '-' ? 1.4 : 1 / 1.4, index));
    } else if (e.key === '0') {
      setView(fit);
    }
  };

  const zoomButton = (factor: number) => setView((v) => zoomAt(v, { x: v.x + v.w / 2, y: v.y + v.h / 2 }, factor, index));
  const activeSeat = active === null ? null : index.seats[active];
  const ring = index.radius * 1.5;

  return (
    <Box position="relative" borderWidth="1px" borderRadius="md" bg="bg.subtle" overflow="hidden" css={SEAT_CSS}>
      <HStack position="absolute" top="2" right="2" zIndex="1" gap="1" bg="bg" borderRadius="md" shadow="sm" p="1">
        {lasso && (
          <Button size="xs" variant={boxMode ? 'solid' : 'ghost'} aria-pressed={boxMode} onClick={() => setBoxMode((b) => !b)}>
            <SquareDashedMousePointer /> Markér område
          </Button>
        )}
        <IconButton size="xs" variant="ghost" aria-label="Zoom ind" onClick={() => zoomButton(1 / 1.4)}>
          <Plus />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Zoom ud" onClick={() => zoomButton(1.4)}>
          <Minus />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Vis hele pladskortet" onClick={() => setView(fit)}>
          <Maximize />
        </IconButton>
      </HStack>
      <Box h={height} w="full">
        <svg
          ref={svgRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the map is a listbox of seats (the ARIA listbox pattern, with aria-activedescendant)
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          aria-activedescendant={active === null ? undefined : seatElementId(idPrefix, active)}
          tabIndex={0}
          viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
          preserveAspectRatio="xMidYMid meet"
          width="100%"
          height="100%"
          style={{ touchAction: 'none', userSelect: 'none', display: 'block', cursor: lasso && boxMode ? 'crosshair' : 'grab' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={() => setHover(null)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        >
          {index.layout.sections.map((section, s) => (
            <Section key={section.key} markup={markups[s]} name={section.name} labelAt={labels[s]} />
          ))}
          {focused && activeSeat && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawn ring, not focusable
            <circle className="focus-ring" cx={activeSeat.x} cy={activeSeat.y} r={ring} aria-hidden="true" />
          )}
          {box && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawn box, not focusable
            <rect
              className="lasso"
              x={Math.min(box.x1, box.x2)}
              y={Math.min(box.y1, box.y2)}
              width={Math.abs(box.x2 - box.x1)}
              height={Math.abs(box.y2 - box.y1)}
              aria-hidden="true"
            />
          )}
        </svg>
      </Box>
      {hover && index.seats[hover.seat] && (
        <Text
          position="absolute"
          left={`${hover.left + 12}px`}
          top={`${hover.top + 12}px`}
          bg="gray.900"
          color="white"
          fontSize="xs"
          px="2"
          py="1"
          borderRadius="sm"
          pointerEvents="none"
          aria-hidden="true"
          maxW="260px"
        >
          {seatLabel(index, index.seats[hover.seat], looks.get(index.seats[hover.seat].code) ?? 'free', channels.get(index.seats[hover.seat].code))}
        </Text>
      )}
    </Box>
  );
}

/** The whole drawing with a margin; a small one is not blown up beyond a comfortable seat size. */
function fitBox(index: SeatIndex): ViewBox {
  const { minX, minY, maxX, maxY } = index.bounds;
  const pad = index.radius * 4;
  // Room above for the top sections' names.
  const top = index.radius + labelSize(index) * 1.3;
  const w = Math.max(maxX - minX + pad * 2, index.radius * 60);
  const h = Math.max(maxY - minY + pad + top, index.radius * 30);
  return { x: (minX + maxX) / 2 - w / 2, y: (minY - top + maxY + pad) / 2 - h / 2, w, h };
}

/** A section name's size: readable when the whole drawing is shown, never smaller than a seat. */
const labelSize = (index: SeatIndex) => Math.max(index.radius * 2, (index.bounds.maxX - index.bounds.minX) / 60);

/** Zooms the view by `factor` (<1 in) keeping `at` in place; never closer than a few seats, never further than three drawings. */
function zoomAt(v: ViewBox, at: { x: number; y: number }, factor: number, index: SeatIndex): ViewBox {
  const full = fitBox(index);
  const minW = index.radius * 12;
  const maxW = full.w * 3;
  const w = Math.min(maxW, Math.max(minW, v.w * factor));
  const f = w / v.w;
  return { x: at.x - (at.x - v.x) * f, y: at.y - (at.y - v.y) * f, w, h: v.h * f };
}

/** A screen point in chart units. */
function toChart(svg: SVGSVGElement, clientX: number, clientY: number) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return { x: 0, y: 0 };
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

/** Each section's name above its seats, in a size that reads when the whole drawing is shown. */
function sectionLabels(index: SeatIndex) {
  const size = labelSize(index);
  return index.layout.sections.map((_, s) => {
    const seats = index.seats.filter((seat) => seat.section === s);
    const xs = seats.map((x) => x.x);
    const ys = seats.map((x) => x.y);
    return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: Math.min(...ys) - index.radius - size * 0.4, size };
  });
}

/** Seat looks: a category's colour when it can be had; grey when it cannot; a ring when chosen. */
const SEAT_CSS = {
  '& .seat': { stroke: 'transparent', strokeWidth: 0 },
  '& .seat.held': { fill: '#f59e0b' },
  '& .seat.booked, & .seat.taken': { fill: '#9ca3af' },
  '& .seat.blocked': { fill: '#ffffff', stroke: '#6b7280', strokeWidth: 1.5, strokeDasharray: '2 2' },
  '& .seat.ch': { stroke: '#7c3aed', strokeWidth: 3 },
  '& .seat.mine': { stroke: '#111827', strokeWidth: 3 },
  '& .seat.sel': { stroke: '#111827', strokeWidth: 4 },
  '& .seat[aria-disabled="true"]': { cursor: 'not-allowed' },
  '& .section-label': { fill: 'var(--chakra-colors-fg-muted)', fontWeight: 600 },
  '& .focus-ring': { fill: 'none', stroke: 'var(--chakra-colors-blue-500)', strokeWidth: 3 },
  '& .lasso': { fill: 'rgba(59,130,246,0.12)', stroke: '#3b82f6', strokeWidth: 2, strokeDasharray: '6 4', vectorEffect: 'non-scaling-stroke' },
  '& svg:focus-visible': { outline: '3px solid var(--chakra-colors-blue-500)', outlineOffset: '-3px' },
};
