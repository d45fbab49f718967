import { Button, Link, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Form, type FormProps } from '../../ui/form-core';
import { Banner } from './Banner';

/** An auth page's form: the error banner (the page's, else the form's own root error), the fields and the full-width submit button. */
export function AuthForm<TIn extends FieldValues, TOut>({
  error,
  submit,
  loading,
  children,
  ...form
}: FormProps<TIn, TOut> & { error?: ReactNode; submit: ReactNode; loading: boolean }) {
  const shown = error || form.form.formState.errors.root?.message;
  return (
    <>
      {shown && <Banner status="error">{shown}</Banner>}
      <Form {...form}>
        <Stack gap="4">
          {children}
          <Button type="submit" colorPalette="brand" loading={loading} w="full">
            {submit}
          </Button>
        </Stack>
      </Form>
    </>
  );
}

/** The link to another auth page under the card ('Log ind', 'Tilbage til log ind'). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="brand" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
