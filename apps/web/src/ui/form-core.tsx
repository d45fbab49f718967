import { Checkbox, Field, Input, type InputProps } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@klubhus/domain/messages';
import { type FormEventHandler, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  Controller,
  type FieldValues,
  FormProvider,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormContext,
} from 'react-hook-form';
import type { z } from 'zod';

// The form kit's core: the form, its zod resolver and the fields an auth page uses. Apart from form.tsx
// (which re-exports all of it) so that /login's chunks carry only this, not the selects, the image
// upload and their icons; every other screen imports from './form'.

/**
 * react-hook-form with the shared zod schema (Danish messages from
 * @klubhus/domain). Values in the form are the schema's input type; the submit
 * handler gets the parsed output.
 *
 *   const form = useZodForm(ZModuleUpdateRequest, { defaultValues });
 *   <Form form={form} onSubmit={(values) => save.mutate(values)}> <TextField name="name" label="Navn" required /> </Form>
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...props,
    resolver: zodResolver(schema as any) as any,
  });
}

/**
 * useZodForm whose schema is imported when the form first validates (the first blur or submit), not
 * with the page: the schema drags zod along (~27 kB gzip), which a page that only shows its form
 * (/login) need not download and evaluate before it is interactive. The messages are the schema's,
 * as with useZodForm; the import starts at the first focus or press on the page, so it is there by
 * the time a field loses focus.
 *
 *   const form = useLazyZodForm(() => import('@klubhus/domain/auth').then((m) => m.ZLoginRequest), { defaultValues });
 */
export function useLazyZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
  props?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
) {
  const [lazy] = useState(() => lazyZodResolver(load));
  useEffect(() => {
    const early = () => void lazy.load().catch(() => {});
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const e of events) document.addEventListener(e, early, { capture: true, once: true, passive: true });
    return () => {
      for (const e of events) document.removeEventListener(e, early, { capture: true });
    };
  }, [lazy]);
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...props,
    resolver: lazy.resolver as any,
  });
}

/** A zodResolver for a schema imported on first use (a failed import is tried again next time, and fails the form with the root error). */
function lazyZodResolver(load: () => Promise<z.ZodType<FieldValues, FieldValues>>) {
  let pending: Promise<Resolver<FieldValues>> | undefined;
  const get = () => {
    pending ??= load().then(
      (schema) => zodResolver(schema as any) as Resolver<FieldValues>,
      (e) => {
        pending = undefined;
        throw e;
      },
    );
    return pending;
  };
  // A schema that cannot be fetched (offline, a new deploy) fails the form in words, never silently.
  const resolver: Resolver<FieldValues> = async (values, context, options) => {
    const resolve = await get().catch(() => null);
    if (!resolve) return { values: {}, errors: { root: { type: 'load', message: MSG.unknownError } } };
    return resolve(values, context, options);
  };
  return { load: get, resolver };
}

export interface FormProps<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  children: ReactNode;
  id?: string;
}

/** <form> + FormProvider; invalid submits scroll to the first error. */
export function Form<TIn extends FieldValues, TOut>({ form, onSubmit, children, id }: FormProps<TIn, TOut>) {
  const ref = useRef<HTMLFormElement>(null);
  const handle: FormEventHandler<HTMLFormElement> = form.handleSubmit(onSubmit, () => {
    requestAnimationFrame(() => {
      const el = ref.current?.querySelector('[aria-invalid="true"]') as HTMLElement | null;
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.focus({ preventScroll: true });
    });
  });
  return (
    <FormProvider {...form}>
      <form ref={ref} id={id} onSubmit={handle} noValidate>
        {children}
      </form>
    </FormProvider>
  );
}

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** The error message of a field (nested paths like 'features.0.name' work). */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const err = getPath(formState.errors, name) as { message?: string } | undefined;
  return err?.message;
}

export interface BaseFieldProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
}

/** Label, helper and Danish error text around any control. */
export function FormField({ name, label, required, helperText, disabled, children }: BaseFieldProps & { children: ReactNode }) {
  const error = useFieldError(name);
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function TextField({
  type = 'text',
  placeholder,
  autoComplete,
  inputProps,
  ...props
}: BaseFieldProps & { type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'color'; placeholder?: string; autoComplete?: string; inputProps?: InputProps }) {
  const { register } = useFormContext();
  return (
    <FormField {...props}>
      <Input type={type} placeholder={placeholder} autoComplete={autoComplete} bg="bg" {...inputProps} {...register(props.name)} />
    </FormField>
  );
}

export function CheckboxField({ name, label, disabled, helperText }: BaseFieldProps) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field.Root invalid={!!error} disabled={disabled} width="auto">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox.Root
            checked={!!field.value}
            onCheckedChange={(d) => field.onChange(d.checked === true)}
            name={field.name}
            disabled={disabled}
            invalid={!!error}
          >
            <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
