import { Button, ButtonGroup, IconButton } from '@chakra-ui/react';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many numbered buttons (SPEC §9: 3). */
  buttons?: number;
}

/** The numbered pages shown around the current one: always `count` (or fewer) consecutive pages. */
export function pageWindow(page: number, totalPages: number, count = 3): number[] {
  const size = Math.min(count, totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** SPEC §9: 3 page buttons, with first/last buttons when there are more than 3 pages. */
export function Pagination({ page, totalPages, onPageChange, buttons = 3 }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages, buttons);
  const many = totalPages > buttons;
  return (
    <nav aria-label="Sider">
      <ButtonGroup size="sm" variant="outline" attached={false} gap="1">
        {many && (
          <IconButton aria-label="Første side" disabled={page === 1} onClick={() => onPageChange(1)}>
            <ChevronFirst />
          </IconButton>
        )}
        <IconButton aria-label="Forrige side" disabled={page === 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft />
        </IconButton>
        {pages.map((p) => (
          <Button
            key={p}
            variant={p === page ? 'solid' : 'outline'}
            colorPalette={p === page ? 'brand' : 'gray'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Side ${p}`}
            onClick={() => onPageChange(p)}
          >
            {p}
          </Button>
        ))}
        <IconButton aria-label="Næste side" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          <ChevronRight />
        </IconButton>
        {many && (
          <IconButton aria-label="Sidste side" disabled={page >= totalPages} onClick={() => onPageChange(totalPages)}>
            <ChevronLast />
          </IconButton>
        )}
      </ButtonGroup>
    </nav>
  );
}
