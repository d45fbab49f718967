import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useConfirm } from './confirm';
import { LinkButton } from './LinkButton';

/**
 * The Rediger / Slet buttons of a row: Rediger goes to `editTo` or calls `onEdit` (a dialog); Slet
 * asks for confirmation first (SPEC §8's sentence); without `onDelete` only Rediger.
 */
export function RowActions({
  editTo,
  onEdit,
  name,
  confirmText,
  onDelete,
}: { name: string; confirmText?: string; onDelete?: () => void } & ({ editTo: string; onEdit?: never } | { onEdit: () => void; editTo?: never })) {
  const label = `Rediger ${name}`;
  return (
    <HStack gap="1" justify="flex-end">
      {editTo !== undefined ? (
        <LinkButton to={editTo} size="xs" variant="outline" aria-label={label}>
          <Pencil /> Rediger
        </LinkButton>
      ) : (
        <Button size="xs" variant="outline" aria-label={label} onClick={onEdit}>
          <Pencil /> Rediger
        </Button>
      )}
      {onDelete && confirmText !== undefined && <DeleteButton name={name} confirmText={confirmText} onConfirm={onDelete} />}
    </HStack>
  );
}

/**
 * A row's red Slet button (or Fjern, with `label` and `icon`): it asks `confirmText` first and calls
 * `onConfirm` only when the user agrees. Its accessible name is the label and the row's name.
 */
export function DeleteButton({
  name,
  confirmText,
  onConfirm,
  label = 'Slet',
  icon = <Trash2 />,
}: {
  name: string;
  confirmText: string;
  onConfirm: () => void;
  label?: string;
  icon?: ReactNode;
}) {
  const confirm = useConfirm();
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="red"
      aria-label={`${label} ${name}`}
      onClick={async () => {
        if (await confirm(confirmText, label === 'Slet' ? undefined : { confirmLabel: label })) onConfirm();
      }}
    >
      {icon} {label}
    </Button>
  );
}
