/**
 * The two-step passwordless sign-in of /login and /admin/login (storefront spec §2 Login,
 * back-office spec §2 Admin sign-in): e-mail, then the 6-digit code mailed to it. Signed in, the
 * person lands on their role's page, or goes back to the page that sent them (`?returnTo=`, a path
 * of this app only: `lib/return-path.ts`).
 */
import { NeedsConnectionNotice } from '../../offline/needs-connection-notice';
import { useOnline } from '../../offline/use-online';
import { Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { codeSchema, loginRequestSchema } from '@contracts/auth';
import { FormField } from '../../components/form/form-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { useNotify } from '../../lib/notify';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';
import { TextLink } from '../../components/layout/router-links';
import { SEND_CODE_FAILED, VERIFY_CODE_FAILED, authFailureMessage, landingPathFor, requestLoginCode, verifyLoginCode } from './auth-api';
import { AuthCard } from './auth-card';
import { useAuth } from '../../session/use-auth';

/** The two steps' fields, with the messages of the contract the server parses the same requests with. */
const emailStepSchema = loginRequestSchema.pick({ email: true });
const codeStepSchema = z.object({ code: codeSchema });

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  code: { fontSize: tokens.fontSizeBase500, letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
  footer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, color: tokens.colorNeutralForeground2 },
  back: { alignSelf: 'flex-start' },
});

export function LoginScreen({ variant }: { variant: 'customer' | 'admin' }) {
  const styles = useStyles();
  const online = useOnline();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const { login } = useAuth();
  const isAdmin = variant === 'admin';

  const [step, setStep] = useState<'email' | 'code'>('email');
  const emailForm = useZodForm(emailStepSchema, { email: '' });
  const codeForm = useZodForm(codeStepSchema, { code: '' });
  // The address as typed (trimmed), for the requests and the "We sent a code to" line.
  const email = emailForm.values.email.trim();
  const busy = emailForm.busy || codeForm.busy;

  const sendCode = emailForm.handleSubmit(async () => {
    try {
      await requestLoginCode(email, isAdmin);
      notify({ title: 'Code sent', description: 'Check your email for the 6-digit login code' });
      setStep('code');
    } catch (error) {
      notify({ title: 'Error', description: authFailureMessage(error, SEND_CODE_FAILED), variant: 'destructive' });
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    try {
      const result = await verifyLoginCode(code, email);
      login(result);
      notify({ title: 'Success', description: result.message || 'Login successful!' });
      navigate(returnTo ?? landingPathFor(result.role), { replace: true });
    } catch (error) {
      notify({ title: 'Error', description: authFailureMessage(error, VERIFY_CODE_FAILED), variant: 'destructive' });
    }
  });

  const backToEmail = () => {
    setStep('email');
    emailForm.reset();
    codeForm.reset();
  };

  if (step === 'email') {
    return (
      <AuthCard title="Please enter your email" eyebrow={isAdmin ? 'Administrator sign-in' : 'Sign in'}>
        {online ? null : <NeedsConnectionNotice action="Signing in" />}
        <form className={styles.form} onSubmit={sendCode} noValidate>
          <FormField form={emailForm} name="email" label="Email" required type="email" autoComplete="email" disabled={busy} />
          <Button type="submit" appearance="primary" size="large" disabled={busy}>
            {busy ? 'Sending...' : 'Sign in or Create an Account'}
          </Button>
        </form>
        <div className={styles.footer}>
          {isAdmin ? (
            <Text>
              <TextLink to="/login">Not an admin?</TextLink>
            </Text>
          ) : (
            <>
              <Text>Don't have an account? It will be created automatically.</Text>
              <Text>
                <TextLink to="/admin/login">Administrator?</TextLink>
              </Text>
            </>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Enter your verification code" eyebrow={isAdmin ? 'Administrator sign-in' : 'Sign in'}>
      {online ? null : <NeedsConnectionNotice action="Signing in" />}
      <Text>
        We sent a 6-digit code to <strong>{email}</strong>
      </Text>
      <form className={styles.form} onSubmit={verify} noValidate>
        <FormField
          form={codeForm}
          name="code"
          label="Verification code"
          required
          className={styles.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          disabled={busy}
          onChange={(_, d) => codeForm.setValue('code', d.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button type="submit" appearance="primary" size="large" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify & Sign In'}
        </Button>
      </form>
      <div className={styles.footer}>
        <Link as="button" type="button" className={styles.back} onClick={backToEmail} disabled={busy}>
          ← Back to email
        </Link>
        <Text size={200}>Didn't receive the code? Check your spam folder or try again.</Text>
      </div>
    </AuthCard>
  );
}
