// Apart from AuthForm.tsx: PASSWORD_RULE lives in the domain's auth schemas module, which /login (AuthForm)
// must not load with the page (it brings zod; LoginPage imports its schema when the form first validates).
import { PASSWORD_RULE } from '@klubhus/domain';
import { TextField } from '../../ui/form';

/** A new password (with the SPEC's rule under it) and its repetition. */
export function NewPasswordFields({ label }: { label: string }) {
  return (
    <>
      <TextField name="password" label={label} type="password" autoComplete="new-password" required helperText={PASSWORD_RULE} />
      <TextField name="confirmPassword" label="Gentag adgangskode" type="password" autoComplete="new-password" required />
    </>
  );
}
