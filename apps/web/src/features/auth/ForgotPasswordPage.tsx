import { Button, Link, Stack } from '@chakra-ui/react';
import { MSG, ZForgotPasswordRequest } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { Form, TextField, useZodForm } from '../../ui/form';
import { AuthLayout } from './AuthLayout';
import { Banner } from './Banner';

export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const form = useZodForm(ZForgotPasswordRequest, { defaultValues: { email: '' } });
  // SPEC §8: success shows a green confirmation; failure shows nothing.
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());
  return (
    <AuthLayout
      title="Glemt adgangskode"
      footer={
        <Link asChild colorPalette="brand" fontWeight="medium">
          <RouterLink to="/login">Tilbage til log ind</RouterLink>
        </Link>
      }
    >
      {forgot.isSuccess && <Banner status="success">{MSG.forgotSent}</Banner>}
      <Form form={form} onSubmit={(values) => forgot.mutate(values)}>
        <Stack gap="4">
          <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
          <Button type="submit" colorPalette="brand" loading={forgot.isPending} w="full">
            Send link
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
