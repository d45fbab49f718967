import { Box, HStack, Image, Input, NativeSelect, Text, Textarea, Button } from '@chakra-ui/react';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type ControllerProps, useFormContext } from 'react-hook-form';
import { type BaseFieldProps, FormField, useFieldError } from './form-core';
import { StringListInput } from './StringListInput';

export * from './form-core';

/** Textarea, 4 rows by default (SPEC §9). */
export function TextareaField({ rows = 4, ...props }: BaseFieldProps & { rows?: number }) {
  const { register } = useFormContext();
  return (
    <FormField {...props}>
      <Textarea rows={rows} bg="bg" {...register(props.name)} />
    </FormField>
  );
}

/**
 * A number typed the Danish way: '1.234,50' or '12,5' (the schema's decimal()
 * parses it). The value stays a string in the form.
 */
export function NumberField({ decimals = true, ...props }: BaseFieldProps & { decimals?: boolean }) {
  return (
    <ControlledField
      {...props}
      render={({ field }) => (
        <Input
          inputMode={decimals ? 'decimal' : 'numeric'}
          bg="bg"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={
            field.value === null || field.value === undefined
              ? ''
              : // A number from the server gets the Danish comma; typed text is shown as typed ('1.234,50').
                typeof field.value === 'number' && decimals
                ? String(field.value).replace('.', ',')
                : String(field.value)
          }
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    />
  );
}

/** A form field whose input is bound by a react-hook-form Controller (`render` gets the field). */
function ControlledField({ render, ...props }: BaseFieldProps & { render: ControllerProps['render'] }) {
  const { control } = useFormContext();
  return (
    <FormField {...props}>
      <Controller control={control} name={props.name} render={render} />
    </FormField>
  );
}

/** A native select of plain values with an empty 'Vælg' first (extra-info answers); field props pass through. */
export function ValueSelect({ values, ...field }: NativeSelect.FieldProps & { values: readonly string[] }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field}>
        <option value="">Vælg</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({ options, placeholder, ...props }: BaseFieldProps & { options: SelectOption[]; placeholder?: string }) {
  const { register } = useFormContext();
  return (
    <FormField {...props}>
      <NativeSelect.Root>
        <NativeSelect.Field bg="bg" placeholder={placeholder} {...register(props.name)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/**
 * SelectField whose options arrive later (a query): once they are there the native select is told
 * its value again, else it would show the placeholder.
 */
export function AsyncSelectField(props: BaseFieldProps & { options: SelectOption[]; placeholder?: string }) {
  const { getValues, setValue } = useFormContext();
  const count = props.options.length;
  useEffect(() => {
    if (count > 0) setValue(props.name, getValues(props.name), { shouldDirty: false, shouldValidate: false });
  }, [count, props.name, getValues, setValue]);
  return <SelectField {...props} />;
}

/** Date as 'YYYY-MM-DD' (the shared date()/optionalDate() schemas). */
export function DateField({ type = 'date', ...props }: BaseFieldProps & { type?: 'date' | 'datetime-local' | 'time' }) {
  const { register } = useFormContext();
  return (
    <FormField {...props}>
      <Input type={type} bg="bg" {...register(props.name)} />
    </FormField>
  );
}

/** True for image/* files; the ImageUpload field refuses anything else. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

export interface ImageUploadProps {
  /** The chosen file (null when none). */
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  /** The stored image URL to preview when no new file is chosen. */
  currentUrl?: string | null;
  label?: string;
  invalid?: boolean;
  /** Called with 'Filen skal være et billede.' when a non-image is picked. */
  onReject?: (message: string) => void;
}

export const IMAGE_ONLY_MESSAGE = 'Filen skal være et billede.';

/** Image picker with preview; accepts images only. */
export function ImageUpload({ value, onChange, currentUrl, label = 'Vælg billede', invalid, onReject }: ImageUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const [localError, setLocalError] = useState<string | null>(null);
  const src = preview ?? currentUrl ?? null;
  return (
    <Box>
      <HStack gap="4" align="center">
        <Box
          boxSize="24"
          borderWidth="1px"
          borderStyle={src ? 'solid' : 'dashed'}
          borderColor={invalid || localError ? 'border.error' : 'border'}
          borderRadius="md"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
          bg="bg.muted"
        >
          {src ? <Image src={src} alt="Forhåndsvisning" objectFit="contain" boxSize="full" /> : <ImagePlus aria-hidden />}
        </Box>
        <HStack>
          <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
            {label}
          </Button>
          {value && (
            <Button size="sm" variant="ghost" onClick={() => onChange(null)} aria-label="Fjern billede">
              <X size={16} />
            </Button>
          )}
        </HStack>
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!file) return;
            if (!isImageFile(file)) {
              setLocalError(IMAGE_ONLY_MESSAGE);
              onReject?.(IMAGE_ONLY_MESSAGE);
              return;
            }
            setLocalError(null);
            onChange(file);
          }}
        />
      </HStack>
      {localError && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {localError}
        </Text>
      )}
    </Box>
  );
}

/**
 * An image kept outside the form values (a File to upload with the save): the stored image or the
 * chosen file, with Fjern for a stored one.
 */
export function ImageFileField(props: {
  name: string;
  label: string;
  helperText?: string;
  uploadLabel?: string;
  url: string | null | undefined;
  file: File | null;
  onFile: (f: File | null) => void;
  onRemove: () => void;
}) {
  return (
    <FormField name={props.name} label={props.label} helperText={props.helperText}>
      <HStack gap="2" align="center">
        <ImageUpload value={props.file} onChange={props.onFile} currentUrl={props.url} label={props.uploadLabel} />
        {props.url && !props.file && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onRemove}>
            Fjern
          </Button>
        )}
      </HStack>
    </FormField>
  );
}

/** ImageUpload bound to a form field holding a File (e.g. 'logoWebFile'); currentUrl previews the stored image. */
export function ImageUploadField({ currentUrl, ...props }: BaseFieldProps & { currentUrl?: string | null }) {
  const error = useFieldError(props.name);
  return (
    <ControlledField
      {...props}
      render={({ field }) => <ImageUpload value={field.value as File | null} onChange={field.onChange} currentUrl={currentUrl} invalid={!!error} />}
    />
  );
}

/** A string[] field typed comma-separated (tags, values, subjects). */
export function StringListField({ placeholder, ...props }: BaseFieldProps & { placeholder?: string }) {
  return (
    <ControlledField
      {...props}
      render={({ field }) => <StringListInput value={field.value as string[]} onChange={field.onChange} onBlur={field.onBlur} name={field.name} placeholder={placeholder} />}
    />
  );
}
