import { MSG, ZResetPasswordRequest } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useZodForm } from '../../ui/form';
import { notify } from '../../ui/toaster';
import { AuthLayout } from './AuthLayout';
import { AuthForm } from './AuthForm';
import { NewPasswordFields } from './NewPasswordFields';

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
      <AuthForm
        form={form}
        error={failed && MSG.resetFailed}
        submit="Gem adgangskode"
        loading={reset.isPending}
        onSubmit={(values) => {
          setFailed(false);
          reset.mutate(values);
        }}
      >
        <NewPasswordFields label="Ny adgangskode" />
      </AuthForm>
    </AuthLayout>
  );
}
