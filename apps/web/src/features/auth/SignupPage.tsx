import { SimpleGrid } from '@chakra-ui/react';
import { ZRegisterRequest } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { TextField, useZodForm } from '../../ui/form';
import { AuthForm, AuthLink } from './AuthForm';
import { NewPasswordFields } from './NewPasswordFields';
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
          <AuthLink to="/login">Log ind</AuthLink>
        </>
      }
    >
      {register.isSuccess ? (
        // SPEC §4: success replaces the form with the message to click the e-mailed link.
        <Banner status="success">{register.data.message}</Banner>
      ) : (
        <AuthForm
          form={form}
          error={error}
          submit="Opret bruger"
          loading={register.isPending}
          onSubmit={(values) => {
            setError(null);
            register.mutate(values);
          }}
        >
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="firstname" label="Fornavn" autoComplete="given-name" required />
            <TextField name="lastname" label="Efternavn" autoComplete="family-name" required />
          </SimpleGrid>
          <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
          <NewPasswordFields label="Adgangskode" />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
