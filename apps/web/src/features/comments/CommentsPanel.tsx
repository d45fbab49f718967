import type { AttachmentRelation } from '@klubhus/domain';
import { Avatar, Badge, Box, Button, Flex, HStack, IconButton, Image, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { COMMENTS_PAGE_SIZE } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bold, Check, ImagePlus, Italic, List, Paperclip, Reply, Trash2, X } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { useConfirm } from '../../ui/confirm';
import { errorMessage } from '../../ui/errors';
import { Section } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { RichText } from '../../ui/RichText';
import { useSaveMutation } from '../../ui/save';
import { notify } from '../../ui/toaster';
import { toUploads } from '../../lib/transfer';
import { formatDateTime } from '../../ui/format';

type CommentItem = RouterOutputs['comments']['list']['comments'][number];
type ReplyItem = CommentItem['replies'][number];

/** SPEC §9: 10 comments per page with 5 page links. */
const PAGE_LINKS = 5;

export interface CommentsPanelProps {
  /** The record: 'company', 'contact', 'event', 'contract', ... */
  originType: AttachmentRelation;
  originId: number;
  /** Where the record is shown (kept with the comment for notifications). */
  originUrl?: string;
  title?: string;
}

/**
 * Comments of a record (SPEC §3 Comment, §7 Comments): rich text with images
 * and files, replies to top-level comments only, unread markers cleared with
 * markRead, Slet only for the author, 10 per page with 5 page links.
 */
export function CommentsPanel({ originType, originId, originUrl, title = 'Kommentarer' }: CommentsPanelProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery(
    trpc.comments.list.queryOptions({ originType, originId, skip: (page - 1) * COMMENTS_PAGE_SIZE }, { placeholderData: keepPreviousData }),
  );
  const refresh = () => queryClient.invalidateQueries(trpc.comments.list.pathFilter());
  const totalPages = Math.max(1, Math.ceil((q.data?.totalComments ?? 0) / COMMENTS_PAGE_SIZE));

  const add = async (draft: CommentDraft, parentId?: number) => {
    const r = await client.comments.add.mutate({
      originType,
      originId,
      originUrl: originUrl ?? window.location.pathname,
      parentId: parentId ?? null,
      text: draft.html,
      picturesFiles: await toUploads(draft.images),
      filesFiles: await toUploads(draft.files),
    });
    notify.success(r.message ?? MSG.commentAdded);
    if (!parentId) setPage(1);
    await refresh();
  };

  const unread = q.data?.unread ?? 0;
  return (
    <Section
      title={
        <HStack gap="2">
          <span>{title}</span>
          {unread > 0 && (
            <Badge colorPalette="red" variant="solid" aria-label={`${unread} ulæste`}>
              {unread}
            </Badge>
          )}
        </HStack>
      }
    >
      <Stack gap="5">
        <CommentEditor onSubmit={(d) => add(d)} submitLabel="Tilføj kommentar" placeholder="Skriv en kommentar..." />
        {q.data && q.data.comments.length === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            Der er endnu ingen kommentarer.
          </Text>
        )}
        <Stack gap="4" data-testid="comments">
          {q.data?.comments.map((c) => (
            <CommentView key={c.id} comment={c} onReply={(d) => add(d, c.id)} onChanged={refresh} />
          ))}
        </Stack>
        {totalPages > 1 && (
          <Flex justify="center">
            <Pagination page={page} totalPages={totalPages} onPageChange={setPage} buttons={PAGE_LINKS} />
          </Flex>
        )}
      </Stack>
    </Section>
  );
}

function CommentView({ comment, onReply, onChanged }: { comment: CommentItem; onReply: (d: CommentDraft) => Promise<void>; onChanged: () => void }) {
  const [replying, setReplying] = useState(false);
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg={comment.unread ? 'brand.subtle' : 'bg'} data-testid="comment">
      <CommentBody comment={comment} onChanged={onChanged} onReplyClick={() => setReplying((r) => !r)} />
      {(comment.replies.length > 0 || replying) && (
        <Stack gap="3" mt="4" pl={{ base: '3', md: '10' }} borderLeftWidth="2px" borderColor="border.muted">
          {comment.replies.map((r) => (
            <Box key={r.id} data-testid="reply" bg={r.unread ? 'brand.subtle' : undefined} borderRadius="md" p="2">
              <CommentBody comment={r} onChanged={onChanged} />
            </Box>
          ))}
          {replying && (
            <CommentEditor
              compact
              autoFocus
              submitLabel="Tilføj svar"
              placeholder="Skriv et svar..."
              onCancel={() => setReplying(false)}
              onSubmit={async (d) => {
                await onReply(d);
                setReplying(false);
              }}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}

function CommentBody({ comment, onChanged, onReplyClick }: { comment: CommentItem | ReplyItem; onChanged: () => void; onReplyClick?: () => void }) {
  const trpc = useTRPC();
  const confirm = useConfirm();
  const name = `${comment.author.firstname} ${comment.author.lastname}`.trim() || 'Ukendt bruger';
  const markRead = useSaveMutation({ mutation: trpc.comments.markRead.mutationOptions(), onSuccess: onChanged });
  const remove = useSaveMutation({ mutation: trpc.comments.delete.mutationOptions(), success: MSG.commentDeleted, onSuccess: onChanged });
  return (
    <Stack gap="2">
      <Flex gap="3" align="flex-start">
        <Avatar.Root size="sm">
          {comment.author.picture && <Avatar.Image src={comment.author.picture} alt="" />}
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Box flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{name}</Text>
            <Text color="fg.muted" fontSize="sm">
              {formatDateTime(comment.createDate as unknown as string)}
            </Text>
            {comment.unread && (
              <Badge colorPalette="red" size="sm">
                Ulæst
              </Badge>
            )}
          </HStack>
          {comment.text && (
            <Box mt="1" css={{ '& p:last-child': { mb: 0 } }}>
              <RichText html={comment.text} />
            </Box>
          )}
          {comment.images.length > 0 && (
            <Wrap gap="2" mt="2">
              {comment.images.map((img) => (
                <Link key={img.id} href={img.filePath} target="_blank" rel="noopener">
                  <Image src={img.filePath} alt={img.fileName} boxSize="24" objectFit="cover" borderRadius="md" borderWidth="1px" />
                </Link>
              ))}
            </Wrap>
          )}
          {comment.files.length > 0 && (
            <Stack gap="1" mt="2">
              {comment.files.map((f) => (
                <Link key={f.id} href={f.filePath} download={f.fileName} colorPalette="brand" fontSize="sm">
                  <Paperclip size={14} /> {f.fileName}
                </Link>
              ))}
            </Stack>
          )}
        </Box>
        <HStack gap="1" flexShrink={0}>
          {comment.unread && (
            <Button size="xs" variant="ghost" loading={markRead.isPending} onClick={() => markRead.mutate({ id: comment.id })}>
              <Check /> Marker som læst
            </Button>
          )}
          {onReplyClick && (
            <Button size="xs" variant="ghost" onClick={onReplyClick}>
              <Reply /> Svar
            </Button>
          )}
          {comment.canDelete && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              loading={remove.isPending}
              onClick={async () => {
                if (await confirm(MSG.confirmDeleteComment)) remove.mutate({ id: comment.id });
              }}
            >
              <Trash2 /> Slet
            </Button>
          )}
        </HStack>
      </Flex>
    </Stack>
  );
}

export interface CommentDraft {
  html: string;
  images: File[];
  files: File[];
}

/** The editor's HTML as the server reads it: text that does not start with a tag is wrapped in <p>. */
export function editorHtml(html: string, plain: string): string {
  if (plain.trim() === '' && !/<img/i.test(html)) return '';
  const t = html.trim();
  return t.startsWith('<') ? t : `<p>${t}</p>`;
}

/**
 * A small rich-text editor (contentEditable with bold, italic and a bullet
 * list) plus image and file attachments. The add button is enabled when the
 * text has content or anything is attached (SPEC §5). The server sanitises.
 */
export function CommentEditor({
  onSubmit,
  submitLabel,
  placeholder,
  compact,
  autoFocus,
  onCancel,
}: {
  onSubmit: (draft: CommentDraft) => Promise<void>;
  submitLabel: string;
  placeholder: string;
  compact?: boolean;
  autoFocus?: boolean;
  onCancel?: () => void;
}) {
  const editor = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [hasText, setHasText] = useState(false);
  const [images, setImages] = useState<File[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const valid = hasText || images.length > 0 || files.length > 0;
  useEffect(() => {
    if (autoFocus) editor.current?.focus();
  }, [autoFocus]);

  const exec = (cmd: string) => {
    editor.current?.focus();
    document.execCommand(cmd);
  };
  const submit = async () => {
    const el = editor.current;
    if (!el || !valid || busy) return;
    setBusy(true);
    try {
      await onSubmit({ html: editorHtml(el.innerHTML, el.textContent ?? ''), images, files });
      el.innerHTML = '';
      setHasText(false);
      setImages([]);
      setFiles([]);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" bg="bg" _focusWithin={{ borderColor: 'brand.solid' }}>
      <HStack gap="1" px="2" py="1" borderBottomWidth="1px" borderColor="border.muted">
        <IconButton size="xs" variant="ghost" aria-label="Fed" onMouseDown={(e) => e.preventDefault()} onClick={() => exec('bold')}>
          <Bold />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Kursiv" onMouseDown={(e) => e.preventDefault()} onClick={() => exec('italic')}>
          <Italic />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Punktliste" onMouseDown={(e) => e.preventDefault()} onClick={() => exec('insertUnorderedList')}>
          <List />
        </IconButton>
      </HStack>
      <Box
        ref={editor}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={placeholder.replace(/\.+$/, '')}
        data-placeholder={placeholder}
        px="3"
        py="2"
        minH={compact ? '16' : '24'}
        outline="none"
        css={{
          '&:empty::before': { content: 'attr(data-placeholder)', color: 'fg.subtle' },
          '& ul': { listStyleType: 'disc', pl: '6' },
        }}
        onInput={(e) => setHasText((e.currentTarget.textContent ?? '').trim() !== '')}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {(images.length > 0 || files.length > 0) && (
        <Wrap gap="2" px="3" pb="2">
          {[...images.map((f, i) => ({ f, i, kind: 'image' as const })), ...files.map((f, i) => ({ f, i, kind: 'file' as const }))].map(({ f, i, kind }) => (
            <Badge key={`${kind}-${i}`} variant="surface" size="md" gap="1">
              {kind === 'image' ? <ImagePlus size={12} /> : <Paperclip size={12} />}
              {f.name}
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={`Fjern ${f.name}`}
                onClick={() => (kind === 'image' ? setImages((l) => l.filter((_, j) => j !== i)) : setFiles((l) => l.filter((_, j) => j !== i)))}
              >
                <X />
              </IconButton>
            </Badge>
          ))}
        </Wrap>
      )}
      <Flex justify="space-between" align="center" px="2" py="2" borderTopWidth="1px" borderColor="border.muted" gap="2" wrap="wrap">
        <HStack gap="1">
          <Button size="xs" variant="ghost" onClick={() => imageInput.current?.click()}>
            <ImagePlus /> Billede
          </Button>
          <Button size="xs" variant="ghost" onClick={() => fileInput.current?.click()}>
            <Paperclip /> Fil
          </Button>
          <HiddenFilesInput
            inputRef={imageInput}
            accept="image/*"
            label="Vedhæft billeder"
            onFiles={(picked) => {
              const ok = picked.filter((f) => f.type.startsWith('image/'));
              if (ok.length < picked.length) notify.error('Filen skal være et billede.');
              setImages((l) => [...l, ...ok]);
            }}
          />
          <HiddenFilesInput inputRef={fileInput} label="Vedhæft filer" onFiles={(picked) => setFiles((l) => [...l, ...picked])} />
        </HStack>
        <HStack gap="2">
          {onCancel && (
            <Button size="sm" variant="outline" onClick={onCancel}>
              Fortryd
            </Button>
          )}
          <Button size="sm" colorPalette="brand" disabled={!valid} loading={busy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}

/** A hidden multiple-file input opened by a button: the files picked, and it is emptied for the next pick. */
function HiddenFilesInput({ inputRef, accept, label, onFiles }: { inputRef: RefObject<HTMLInputElement | null>; accept?: string; label: string; onFiles: (files: File[]) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      multiple
      hidden
      aria-label={label}
      onChange={(e) => {
        const picked = Array.from(e.target.files ?? []);
        e.target.value = '';
        onFiles(picked);
      }}
    />
  );
}
