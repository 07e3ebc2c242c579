/** /register: "Create Account" with Full Name and Email Address (storefront spec §2, §5). */
import { NeedsConnectionNotice } from '../../offline/needs-connection-notice';
import { useOnline } from '../../offline/use-online';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { registerRequestSchema } from '@contracts/auth';
import { FormField } from '../../components/form/form-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { useNotify } from '../../lib/notify';
import { TextLink } from '../../components/layout/router-links';
import { REGISTER_FAILED, authFailureMessage, registerAccount } from './auth-api';
import { AuthCard } from './auth-card';

const registerFormSchema = registerRequestSchema.pick({ name: true, email: true });

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

export function RegisterScreen() {
  const styles = useStyles();
  const online = useOnline();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useZodForm(registerFormSchema, { name: '', email: '' });
  const busy = form.busy;

  const submit = form.handleSubmit(async ({ name, email }) => {
    try {
      await registerAccount({ name, email, role: 'customer', isActive: true });
      notify({ title: 'Account created successfully', description: 'You can now log in with your email address' });
      navigate('/login');
    } catch (error) {
      notify({ title: 'Error', description: authFailureMessage(error, REGISTER_FAILED), variant: 'destructive' });
    }
  });

  return (
    <AuthCard title="Create Account" eyebrow="Join LifeScience Academy">
      {online ? null : <NeedsConnectionNotice action="Creating an account" />}
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField form={form} name="name" label="Full Name" required autoComplete="name" disabled={busy} />
        <FormField form={form} name="email" label="Email Address" required type="email" autoComplete="email" disabled={busy} />
        <Button type="submit" appearance="primary" size="large" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <Text>
        Already have an account? <TextLink to="/login">Sign in</TextLink>
      </Text>
    </AuthCard>
  );
}
