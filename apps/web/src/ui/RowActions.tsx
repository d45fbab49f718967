import { Button, HStack } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import { useConfirm } from './ConfirmModal';
import { LinkButton } from './LinkButton';

/** The Rediger / Slet buttons of a list row; Slet asks for confirmation first (SPEC §8's sentence). */
export function RowActions({ editTo, name, confirmText, onDelete }: { editTo: string; name: string; confirmText: string; onDelete: () => void }) {
  const confirm = useConfirm();
  return (
    <HStack gap="1" justify="flex-end">
      <LinkButton to={editTo} size="xs" variant="outline" aria-label={`Rediger ${name}`}>
        <Pencil /> Rediger
      </LinkButton>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        aria-label={`Slet ${name}`}
        onClick={async () => {
          if (await confirm(confirmText)) onDelete();
        }}
      >
        <Trash2 /> Slet
      </Button>
    </HStack>
  );
}
