import { Badge, Box, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatDKK, kronerToOre, PRODUCT_TYPE_LABELS, type ProductType } from '@klubhus/domain';
import { GripVertical } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { AppLink } from '../../ui/LinkButton';
import { LoadingSpinner } from '../../ui/LoadingSpinner';

export interface SortableProduct {
  id: number;
  title: string;
  type: string;
  price: number;
  active: boolean;
  shopActive: boolean;
}

/**
 * A category's products in one of its orders (webshop or agreements), sorted
 * by dragging the handle with the mouse, or with the keyboard (focus the
 * handle, Space, arrow keys, Space). Each drop reports the new order.
 */
export function SortableProductList({
  label,
  products,
  loading,
  saving,
  onReorder,
  showShopState,
}: {
  label: string;
  products: SortableProduct[] | undefined;
  loading?: boolean;
  saving?: boolean;
  onReorder: (ids: number[]) => void;
  showShopState?: boolean;
}) {
  const [items, setItems] = useState<SortableProduct[]>(products ?? []);
  useEffect(() => setItems(products ?? []), [products]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = useMemo(() => {
    const m = new Map(items.map((p, i) => [p.id, { title: p.title, index: i }]));
    return (id: UniqueIdentifier) => m.get(Number(id));
  }, [items]);
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? '' : `plads ${(titleOf(id)?.index ?? 0) + 1} af ${items.length}`);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${titleOf(active.id)?.title ?? 'Produktet'} er taget op, ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)?.title ?? 'Produktet'} er flyttet til ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)?.title ?? 'Produktet'} er sat på ${position(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `Flytning af ${titleOf(active.id)?.title ?? 'produktet'} er annulleret.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((p) => p.id === Number(active.id));
    const to = items.findIndex((p) => p.id === Number(over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(items, from, to);
    setItems(next);
    onReorder(next.map((p) => p.id));
  };

  if (loading && !products) {
    return (
      <Flex py="6" justify="center">
        <LoadingSpinner />
      </Flex>
    );
  }
  if (items.length === 0) {
    return (
      <Text color="fg.muted" py="4">
        Ingen elementer blev fundet.
      </Text>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Tryk mellemrum for at tage produktet op. Flyt det med piletasterne, tryk mellemrum igen for at sætte det, eller escape for at fortryde.',
        },
      }}
    >
      <SortableContext items={items.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <Stack as="ol" gap="2" aria-label={label} aria-busy={saving || undefined} listStyleType="none" m="0" p="0">
          {items.map((p, i) => (
            <SortableRow key={p.id} product={p} index={i} showShopState={showShopState} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ product, index, showShopState }: { product: SortableProduct; index: number; showShopState?: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: product.id });
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      data-testid="sortable-product"
      borderWidth="1px"
      borderRadius="md"
      bg={isDragging ? 'bg.muted' : 'bg'}
      boxShadow={isDragging ? 'lg' : undefined}
    >
      <HStack gap="3" px="2" py="2">
        <chakra.button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Flyt ${product.title}`}
          cursor={isDragging ? 'grabbing' : 'grab'}
          color="fg.muted"
          p="1"
          borderRadius="sm"
          display="flex"
          touchAction="none"
          _hover={{ bg: 'bg.muted', color: 'fg' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <GripVertical size={18} />
        </chakra.button>
        <Text color="fg.muted" fontSize="sm" w="6" textAlign="right">
          {index + 1}.
        </Text>
        <Box flex="1" minW="0" overflowWrap="anywhere">
          <AppLink to={`/products/${product.id}`} fontWeight="medium">
            {product.title}
          </AppLink>
        </Box>
        <Badge variant="subtle">{PRODUCT_TYPE_LABELS[product.type as ProductType] ?? product.type}</Badge>
        {!product.active && <Badge colorPalette="gray">Inaktiv</Badge>}
        {showShopState && !product.shopActive && <Badge colorPalette="orange">Ikke i webshop</Badge>}
        <Text fontSize="sm" whiteSpace="nowrap" minW="24" textAlign="right">
          {formatDKK(kronerToOre(product.price))}
        </Text>
      </HStack>
    </Box>
  );
}
