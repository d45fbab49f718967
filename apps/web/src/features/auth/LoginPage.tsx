import { Flex, Link } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { takeReturnTo } from '../../lib/navigation';
import { useAppState } from '../../lib/appState';
import { useTRPC } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { CheckboxField, TextField, useLazyZodForm } from '../../ui/form-core';
import { AuthForm, AuthLink } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { LOGIN_TEXT } from './texts';

// The login schema (zod) comes when the form first validates, not with the page (ui/form useLazyZodForm):
// /login is a first page, and its fields need nothing of it to show.
const loginSchema = () => import('@klubhus/domain/auth').then((m) => m.ZLoginRequest);

export default function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { reload, user } = useAppState();
  const [error, setError] = useState<string | null>(null);
  // Where to go once the app state shows the new user (navigating earlier would meet the old, logged-out state).
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target && user) navigate(target, { replace: true });
  }, [target, user, navigate]);
  const form = useLazyZodForm(loginSchema, { defaultValues: { email: '', password: '', rememberMe: false } });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async () => {
        // SPEC §4: store the user, reload the club, rebuild routes, go to the return target (else /).
        setTarget(takeReturnTo());
        await reload();
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  return (
    <AuthLayout
      title={LOGIN_TEXT.title}
      footer={
        <>
          {LOGIN_TEXT.noUser}{' '}
          <AuthLink to="/signup">{LOGIN_TEXT.signup}</AuthLink>
        </>
      }
    >
      <AuthForm
        form={form}
        error={error}
        submit={LOGIN_TEXT.submit}
        loading={login.isPending || target !== null}
        onSubmit={(values) => {
          setError(null);
          login.mutate(values);
        }}
      >
        <TextField name="email" label={LOGIN_TEXT.email} type="email" autoComplete="username" required />
        <TextField name="password" label={LOGIN_TEXT.password} type="password" autoComplete="current-password" required />
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <CheckboxField name="rememberMe" label={LOGIN_TEXT.rememberMe} />
          <Link asChild colorPalette="brand" fontSize="sm">
            <RouterLink to="/forgot-password">{LOGIN_TEXT.forgotPassword}</RouterLink>
          </Link>
        </Flex>
      </AuthForm>
    </AuthLayout>
  );
}
