import { Box, Button, Dialog, Table, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError, useZodForm } from './form';
import { Modal } from './Modal';
import { Section } from './PageHeader';
import { ActionsCell, ActionsHeader, EmptyRow } from './TableParts';
import { RowActions } from './RowActions';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

export interface FormModalProps<T extends FieldValues> {
  open: boolean;
  title: string;
  /** data-testid of the dialog content (e2e selectors). */
  testId?: string;
  /** The shared zod schema that checks the values (Danish messages). */
  schema: AnySchema;
  /** The values the form starts from (read when the dialog opens). */
  defaultValues: T;
  /** Called with the values as typed (the schema's input), once the schema accepts them. */
  onSave: (values: T) => void;
  onClose: () => void;
  /** Fields of the shared form kit (TextField, NumberField, ...): they find this dialog's form by context. */
  children: ReactNode;
  submitLabel?: string;
}

/**
 * A dialog holding its own react-hook-form (the shared kit): Fortryd / Gem, the
 * schema's Danish messages under the fields. Its submit does not reach a form
 * it is rendered inside (React bubbles events through portals).
 */
export function FormModal<T extends FieldValues>(props: FormModalProps<T>) {
  const { open, title, testId, onClose } = props;
  return (
    <Modal open={open} onClose={onClose} title={title} testId={testId} size="md" scrollBehavior="inside">
      {open && <FormModalBody {...props} />}
    </Modal>
  );
}

function FormModalBody<T extends FieldValues>({ schema, defaultValues, onSave, onClose, children, submitLabel = 'Gem' }: FormModalProps<T>) {
  // Checked on Gem (then as typed), as a dialog's fields blurring into its buttons must not move them.
  const form = useZodForm(schema, { defaultValues, mode: 'onSubmit' }) as unknown as UseFormReturn<T>;
  const submit = form.handleSubmit(() => onSave(form.getValues()));
  return (
    <FormProvider {...form}>
      <form
        noValidate
        // A flex column that may shrink: a long dialog's body scrolls inside it (scrollBehavior="inside"), its footer stays in view.
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        onSubmit={(e) => {
          e.stopPropagation();
          void submit(e);
        }}
      >
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            Fortryd
          </Button>
          <Button type="submit" colorPalette="brand">
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}

export interface RowColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Props of the body cell, e.g. { fontWeight: 'medium' } or { whiteSpace: 'nowrap' }. */
  cellProps?: Table.CellProps;
}

export interface ModalRowsSectionProps<T extends FieldValues> {
  /** Section title and the table's accessible name. */
  title: string;
  /** The add button, and the title of the dialog for a new row ('Tilføj variant'). */
  addLabel: string;
  /** The title of the dialog for an existing row ('Rediger variant'). */
  editTitle: string;
  rows: T[];
  columns: RowColumn<T>[];
  /** Names a row in its buttons: 'Rediger <rowLabel>' and 'Slet <rowLabel>'. */
  rowLabel: (row: T) => string;
  rowKey?: (row: T, index: number) => string;
  /** Asked before a row is removed (SPEC §8: Fortryd / Bekræft). */
  confirmText: string;
  /** A message for the rows as a whole (e.g. the form's error for the array). */
  error?: string;
  /** The dialog: its schema, the values of a new row, the fields; `toRow` tidies the saved values. */
  modal: {
    testId?: string;
    schema: AnySchema;
    newRow: () => T;
    toRow?: (values: T) => T;
    fields: ReactNode;
  };
  onSave: (row: T, index: number | null) => void;
  onDelete: (index: number) => void;
  /** Rows shown only: no Tilføj, Rediger or Slet (e.g. an order's lines once it is approved). */
  readOnly?: boolean;
  /** Rows under the table (totals of the rows). */
  footer?: ReactNode;
  /** More buttons of a row, before Rediger / Slet (not when readOnly). */
  rowActions?: (row: T, index: number) => ReactNode;
  /** false for a row whose own actions replace Slet (an agreement's saved seat line has Fjern). */
  deletable?: (row: T) => boolean;
}

/**
 * The texts of one kind of row ('variant', 'denne'): 'Tilføj variant', 'Rediger variant', the
 * buttons' 'variant <name>' and 'Er du sikker på at du vil slette denne variant?'.
 */
export function rowTexts<T extends FieldValues>(
  noun: string,
  article: 'denne' | 'dette',
  name: (row: T) => string,
): Pick<ModalRowsSectionProps<T>, 'addLabel' | 'editTitle' | 'rowLabel' | 'confirmText'> {
  return {
    addLabel: `Tilføj ${noun}`,
    editTitle: `Rediger ${noun}`,
    rowLabel: (row) => `${noun} ${name(row)}`,
    confirmText: `Er du sikker på at du vil slette ${article} ${noun}?`,
  };
}

const defaultKey = (row: FieldValues, i: number) => (row.id ? `id-${row.id}` : `new-${i}`);

/**
 * A titled table of rows edited in a dialog: 'Tilføj …' opens the dialog for a
 * new row, each row has Rediger (the dialog with its values) and Slet (asks
 * first). The rows come from the caller: `useFormRows(name)` binds them to an
 * array field of the surrounding form, or pass rows and handlers of your own.
 */
export function ModalRowsSection<T extends FieldValues>({
  title,
  addLabel,
  editTitle,
  rows,
  columns,
  rowLabel,
  rowKey = defaultKey,
  confirmText,
  error,
  modal,
  onSave,
  onDelete,
  readOnly,
  footer,
  rowActions,
  deletable,
}: ModalRowsSectionProps<T>) {
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const current = editing?.index != null ? (rows[editing.index] ?? null) : null;
  return (
    <Section
      title={title}
      actions={
        !readOnly && (
          <Button size="sm" variant="outline" onClick={() => setEditing({ index: null })}>
            <Plus /> {addLabel}
          </Button>
        )
      }
    >
      {error && (
        <Text color="fg.error" mb="3">
          {error}
        </Text>
      )}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
              ))}
              {!readOnly && <ActionsHeader />}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && (
              <EmptyRow colSpan={columns.length + (readOnly ? 0 : 1)} />
            )}
            {rows.map((row, i) => (
              <Table.Row key={rowKey(row, i)}>
                {columns.map((c) => (
                  <Table.Cell key={c.header} {...c.cellProps}>
                    {c.cell(row)}
                  </Table.Cell>
                ))}
                {!readOnly && (
                  <ActionsCell>
                    {rowActions?.(row, i)}
                    <RowActions
                      name={rowLabel(row)}
                      onEdit={() => setEditing({ index: i })}
                      confirmText={confirmText}
                      onDelete={deletable?.(row) === false ? undefined : () => onDelete(i)}
                    />
                  </ActionsCell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {footer}
      <FormModal<T>
        open={editing !== null}
        title={current ? editTitle : addLabel}
        testId={modal.testId}
        schema={modal.schema}
        defaultValues={current ?? modal.newRow()}
        onClose={() => setEditing(null)}
        onSave={(values) => {
          onSave(modal.toRow ? modal.toRow(values) : values, editing?.index ?? null);
          setEditing(null);
        }}
      >
        {modal.fields}
      </FormModal>
    </Section>
  );
}

/**
 * Rows of an array field of the surrounding form for ModalRowsSection: saving
 * or removing a row writes the array (dirty); `sortKey` renumbers that key of
 * every row to its position.
 */
export function useFormRows<T extends FieldValues>(name: string, opts: { sortKey?: keyof T & string } = {}) {
  const { control, setValue } = useFormContext();
  const rows = (useWatch({ control, name }) as T[] | undefined) ?? [];
  const error = useFieldError(name);
  const { sortKey } = opts;
  const set = (next: T[]) => setValue(name, sortKey ? next.map((r, i) => ({ ...r, [sortKey]: i })) : next, { shouldDirty: true });
  return {
    rows,
    error,
    onSave: (row: T, index: number | null) => set(index === null ? [...rows, row] : rows.map((x, j) => (j === index ? row : x))),
    onDelete: (index: number) => set(rows.filter((_, j) => j !== index)),
  };
}
