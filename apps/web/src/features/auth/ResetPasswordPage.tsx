import { Button, Stack } from '@chakra-ui/react';
import { MSG, PASSWORD_RULE, ZResetPasswordRequest } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { Form, TextField, useZodForm } from '../../ui/form';
import { notify } from '../../ui/toaster';
import { AuthLayout } from './AuthLayout';
import { Banner } from './Banner';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const form = useZodForm(ZResetPasswordRequest, { defaultValues: { resetToken: token, password: '', confirmPassword: '' } });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: () => {
        notify.success('Din adgangskode er gemt. Log ind med den nye adgangskode.');
        navigate('/login', { replace: true });
      },
      onError: () => setFailed(true),
    }),
  );
  return (
    <AuthLayout title="Ny adgangskode">
      {failed && <Banner status="error">{MSG.resetFailed}</Banner>}
      <Form
        form={form}
        onSubmit={(values) => {
          setFailed(false);
          reset.mutate(values);
        }}
      >
        <Stack gap="4">
          <TextField name="password" label="Ny adgangskode" type="password" autoComplete="new-password" required helperText={PASSWORD_RULE} />
          <TextField name="confirmPassword" label="Gentag adgangskode" type="password" autoComplete="new-password" required />
          <Button type="submit" colorPalette="brand" loading={reset.isPending} w="full">
            Gem adgangskode
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
