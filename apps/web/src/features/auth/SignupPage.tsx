import { Button, Link, SimpleGrid, Stack } from '@chakra-ui/react';
import { PASSWORD_RULE, ZRegisterRequest } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { Form, TextField, useZodForm } from '../../ui/form';
import { AuthLayout } from './AuthLayout';
import { Banner } from './Banner';

export default function SignupPage() {
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(ZRegisterRequest, {
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  return (
    <AuthLayout
      title="Opret bruger"
      footer={
        <>
          Har du allerede en bruger?{' '}
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to="/login">Log ind</RouterLink>
          </Link>
        </>
      }
    >
      {register.isSuccess ? (
        // SPEC §4: success replaces the form with the message to click the e-mailed link.
        <Banner status="success">{register.data.message}</Banner>
      ) : (
        <>
          {error && <Banner status="error">{error}</Banner>}
          <Form
            form={form}
            onSubmit={(values) => {
              setError(null);
              register.mutate(values);
            }}
          >
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <TextField name="firstname" label="Fornavn" autoComplete="given-name" required />
                <TextField name="lastname" label="Efternavn" autoComplete="family-name" required />
              </SimpleGrid>
              <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
              <TextField name="password" label="Adgangskode" type="password" autoComplete="new-password" required helperText={PASSWORD_RULE} />
              <TextField name="confirmPassword" label="Gentag adgangskode" type="password" autoComplete="new-password" required />
              <Button type="submit" colorPalette="brand" loading={register.isPending} w="full">
                Opret bruger
              </Button>
            </Stack>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
