import { Button, Dialog, SimpleGrid } from '@chakra-ui/react';
import { ZContactUpdateRequest } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { Form, TextField, useZodForm } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { useSaveMutation } from '../../ui/save';

const FORM_ID = 'create-contact-form';

export interface CreateContactModalProps {
  open: boolean;
  onClose: () => void;
  /** What was typed in the picker: split into first and last name. */
  initialName?: string;
  /** Links the new contact at once (a list it is created from, a company). */
  listIds?: number[];
  companyIds?: number[];
  onCreated: (contact: { id: number; firstname: string; lastname: string; email: string }) => void;
}

/** A small 'Opret kontakt' dialog (first name, last name, e-mail, phone, mobile) used from pickers. */
export function CreateContactModal({ open, onClose, initialName = '', listIds, companyIds, onCreated }: CreateContactModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Opret kontakt" placement="center">
      {open && <CreateContactBody initialName={initialName} listIds={listIds} companyIds={companyIds} onCreated={onCreated} onClose={onClose} />}
    </Modal>
  );
}

function CreateContactBody({ initialName, listIds, companyIds, onCreated, onClose }: Omit<CreateContactModalProps, 'open'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [first, ...rest] = (initialName ?? '').split(/\s+/).filter(Boolean);
  const form = useZodForm(ZContactUpdateRequest, {
    defaultValues: { id: null, firstname: first ?? '', lastname: rest.join(' '), email: '', phone: '', mobile: '', listIds, companyIds },
  });
  const save = useSaveMutation({
    mutation: trpc.contacts.update.mutationOptions(),
    success: (r: RouterOutputs['contacts']['update']) => r.message,
    onSuccess: async (r, values) => {
      await queryClient.invalidateQueries(trpc.contacts.pathFilter());
      onCreated({ id: r.id, firstname: values.firstname as string, lastname: values.lastname as string, email: values.email as string });
    },
  });
  return (
    <>
      <Dialog.Body>
        <Form id={FORM_ID} form={form} onSubmit={(values) => save.mutate(values)}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="firstname" label="Fornavn" required />
            <TextField name="lastname" label="Efternavn" required />
            <TextField name="email" label="E-mail" type="email" required />
            <TextField name="phone" label="Telefon" type="tel" />
            <TextField name="mobile" label="Mobil" type="tel" />
          </SimpleGrid>
        </Form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Fortryd
        </Button>
        <Button type="submit" form={FORM_ID} colorPalette="brand" loading={save.isPending}>
          Opret kontakt
        </Button>
      </Dialog.Footer>
    </>
  );
}
