import { MSG, ZForgotPasswordRequest } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { TextField, useZodForm } from '../../ui/form';
import { AuthForm, AuthLink } from './AuthForm';
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
      footer={<AuthLink to="/login">Tilbage til log ind</AuthLink>}
    >
      {forgot.isSuccess && <Banner status="success">{MSG.forgotSent}</Banner>}
      <AuthForm form={form} submit="Send link" loading={forgot.isPending} onSubmit={(values) => forgot.mutate(values)}>
        <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
      </AuthForm>
    </AuthLayout>
  );
}
