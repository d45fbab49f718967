import { Button, HStack, Input, Link, Text } from '@chakra-ui/react';
import { createContext, useContext, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toUpload } from '../../../lib/transfer';
import { FormField, ImageUpload } from '../../../ui/form';

/** The upload objects of the event form (SPEC §3: bannerPictureFile, …), sent as ZUpload arrays with Gem. */
export type UploadKey = 'bannerPictureFile' | 'bannerBottomFile' | 'inviteAttachmentFile' | 'ticketLogoFile' | 'ticketPictureFile' | 'cardPictureFile';
type Files = Partial<Record<UploadKey, File | null>>;

type UploadsValue = { files: Files; set: (key: UploadKey, file: File | null) => void };
const UploadsContext = createContext<UploadsValue | null>(null);
/** Wraps the form with the screen's `useUploads().value`. */
export const UploadsProvider = UploadsContext.Provider;

/** The chosen files of a screen: `value` for UploadsProvider, `payload()` reads them for the call, `clear()` after a save. */
export function useUploads() {
  const [files, setFiles] = useState<Files>({});
  const value = useMemo<UploadsValue>(() => ({ files, set: (key, file) => setFiles((f) => ({ ...f, [key]: file })) }), [files]);
  return {
    value,
    clear: () => setFiles({}),
    payload: async () => {
      const out: Partial<Record<UploadKey, Awaited<ReturnType<typeof toUpload>>[]>> = {};
      for (const [k, f] of Object.entries(files)) if (f) out[k as UploadKey] = [await toUpload(f)];
      return out;
    },
  };
}

/**
 * A stored file of the form (`refName` holds its id) and a new one to upload in its place (`upload`);
 * Fjern clears the stored one. Images preview; other files (the invite attachment) show their name.
 */
export function UploadField({
  upload,
  refName,
  label,
  currentUrl,
  currentName,
  image = true,
  helperText,
}: {
  upload: UploadKey;
  refName: string;
  label: string;
  currentUrl?: string | null;
  currentName?: string | null;
  image?: boolean;
  helperText?: string;
}) {
  const ctx = useContext(UploadsContext);
  const { setValue } = useFormContext();
  const ref = useWatch({ name: refName }) as number | null | undefined;
  const file = ctx?.files[upload] ?? null;
  const stored = ref ? currentUrl : null;
  const choose = (f: File | null) => {
    ctx?.set(upload, f);
    if (f) setValue(refName, ref ?? null, { shouldDirty: true });
  };
  return (
    <FormField name={upload} label={label} helperText={helperText}>
      <HStack gap="2" align="center" wrap="wrap">
        {image ? (
          <ImageUpload value={file} onChange={choose} currentUrl={stored} />
        ) : (
          <>
            <Input type="file" size="sm" maxW="20rem" aria-label={label} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
            {stored && !file && (
              <Link href={stored} target="_blank" rel="noreferrer" fontSize="sm">
                {currentName ?? 'Hent fil'}
              </Link>
            )}
            {file && <Text fontSize="sm">{file.name}</Text>}
          </>
        )}
        {stored && !file && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setValue(refName, null, { shouldDirty: true })}>
            Fjern
          </Button>
        )}
      </HStack>
    </FormField>
  );
}
