import type { AttachmentRelation } from '@klubhus/domain';
import { Box, Button, HStack, Icon, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { notify } from '../../ui/toaster';
import { toUploads } from '../../lib/transfer';
import { formatBytes, formatDateTime } from '../../ui/format';
import { ActionsCell, ActionsHeader, EmptyRow } from '../../ui/TableParts';
import { DeleteButton } from '../../ui/RowActions';

export const CONFIRM_DELETE_FILE = 'Er du sikker på at du vil slette denne fil?';

export interface FilesPanelProps {
  /** The record the files belong to: 'company', 'contract', ... (ATTACHMENT_RELATIONS). */
  relationType: AttachmentRelation;
  relationId: number;
  title?: string;
}

/**
 * Files of a saved record (SPEC §7 Files): upload (files.upload with the
 * files as ZUpload), a list with download links (the file's filePath) and
 * delete with confirmation.
 */
export function FilesPanel({ relationType, relationId, title = 'Filer' }: FilesPanelProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const q = useQuery(trpc.files.list.queryOptions({ relationType, relationId }));
  const refresh = () => queryClient.invalidateQueries(trpc.files.list.queryFilter({ relationType, relationId }));
  const remove = useSaveMutation({ mutation: trpc.files.delete.mutationOptions(), success: (r) => r.message, onSuccess: refresh });

  const upload = async (files: File[]) => {
    if (!files.length) return;
    setUploading(true);
    try {
      const r = await client.files.upload.mutate({ relationType, relationId, files: await toUploads(files) });
      notify.success(r.message);
      await refresh();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setUploading(false);
    }
  };

  const rows = q.data ?? [];
  return (
    <Section
      title={title}
      actions={
        <>
          <Button size="sm" colorPalette="brand" loading={uploading} onClick={() => input.current?.click()}>
            <Upload /> Upload filer
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Vælg filer"
            data-testid="files-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              void upload(files);
            }}
          />
        </>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          Billeder, PDF, Office-dokumenter, tekst og CSV. Højst 10 MB pr. fil.
        </Text>
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={title}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Filnavn</Table.ColumnHeader>
                <Table.ColumnHeader>Størrelse</Table.ColumnHeader>
                <Table.ColumnHeader>Uploadet</Table.ColumnHeader>
                <ActionsHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!q.isLoading && rows.length === 0 && (
                <EmptyRow colSpan={4} />
              )}
              {rows.map((f) => (
                <Table.Row key={f.id}>
                  <Table.Cell>
                    <HStack gap="2">
                      <Icon color="fg.muted">
                        <FileText size={16} />
                      </Icon>
                      <Link href={f.filePath} colorPalette="brand" target="_blank" rel="noopener" download={f.fileName}>
                        {f.fileName}
                      </Link>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{formatBytes(f.size)}</Table.Cell>
                  <Table.Cell color="fg.muted">{formatDateTime(f.createDate as unknown as string)}</Table.Cell>
                  <ActionsCell>
                    <Button asChild size="xs" variant="outline">
                      <a href={f.filePath} download={f.fileName} aria-label={`Hent ${f.fileName}`}>
                        <Download /> Hent
                      </a>
                    </Button>
                    <DeleteButton name={f.fileName} confirmText={CONFIRM_DELETE_FILE} onConfirm={() => remove.mutate({ id: f.id })} />
                  </ActionsCell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </Section>
  );
}
