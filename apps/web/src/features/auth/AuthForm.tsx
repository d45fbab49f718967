import { Button, Link, Stack } from '@chakra-ui/react';
import { PASSWORD_RULE } from '@klubhus/domain';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Form, type FormProps, TextField } from '../../ui/form';
import { Banner } from './Banner';

/** An auth page's form: the error banner (when there is one), the fields and the full-width submit button. */
export function AuthForm<TIn extends FieldValues, TOut>({
  error,
  submit,
  loading,
  children,
  ...form
}: FormProps<TIn, TOut> & { error?: ReactNode; submit: ReactNode; loading: boolean }) {
  return (
    <>
      {error && <Banner status="error">{error}</Banner>}
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

/** A new password (with the SPEC's rule under it) and its repetition. */
export function NewPasswordFields({ label }: { label: string }) {
  return (
    <>
      <TextField name="password" label={label} type="password" autoComplete="new-password" required helperText={PASSWORD_RULE} />
      <TextField name="confirmPassword" label="Gentag adgangskode" type="password" autoComplete="new-password" required />
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
