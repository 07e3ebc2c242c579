/** /register: "Create Account" with Full Name and Email Address (storefront spec §2, §5). */
import { NeedsConnectionNotice } from '../../offline/needs-connection-notice';
import { useOnline } from '../../offline/use-online';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_MESSAGE, NAME_MESSAGE } from '../../../api/contracts/auth';
import { useNotify } from '../../lib/notify';
import { TextLink } from '../layout/router-links';
import { registerAccount } from './auth-api';
import { AuthCard } from './auth-card';

import { EMAIL_PATTERN } from '../../lib/email-pattern';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

export function RegisterScreen() {
  const styles = useStyles();
  const online = useOnline();
  const notify = useNotify();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim().length >= 2 ? undefined : NAME_MESSAGE,
      email: EMAIL_PATTERN.test(email.trim()) ? undefined : EMAIL_MESSAGE,
    };
    setErrors(next);
    if (next.name || next.email) return;
    setBusy(true);
    try {
      await registerAccount({ name: name.trim(), email: email.trim(), role: 'customer', isActive: true });
      notify({ title: 'Account created successfully', description: 'You can now log in with your email address' });
      navigate('/login');
    } catch (error) {
      notify({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create Account" eyebrow="Join LifeScience Academy">
      {online ? null : <NeedsConnectionNotice action="Creating an account" />}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Full Name" required validationMessage={errors.name}>
          <Input name="name" autoComplete="name" value={name} disabled={busy} onChange={(_, d) => setName(d.value)} />
        </Field>
        <Field label="Email Address" required validationMessage={errors.email}>
          <Input type="email" name="email" autoComplete="email" value={email} disabled={busy} onChange={(_, d) => setEmail(d.value)} />
        </Field>
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
