/**
 * The two-step passwordless sign-in of /login and /admin/login (storefront spec §2 Login,
 * back-office spec §2 Admin sign-in): e-mail, then the 6-digit code mailed to it.
 */
import { NeedsConnectionNotice } from '../../offline/needs-connection-notice';
import { useOnline } from '../../offline/use-online';
import { Button, Field, Input, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CODE_FORMAT_MESSAGE, CODE_REQUIRED_MESSAGE, EMAIL_MESSAGE, emailSchema } from '@contracts/auth';
import { useNotify } from '../../lib/notify';
import { TextLink } from '../../components/layout/router-links';
import { SEND_CODE_FAILED, VERIFY_CODE_FAILED, authFailureMessage, landingPathFor, requestLoginCode, verifyLoginCode } from './auth-api';
import { AuthCard } from './auth-card';
import { useAuth } from './use-auth';


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
  const { login } = useAuth();
  const isAdmin = variant === 'admin';

  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!emailSchema.safeParse(address).success) {
      setEmailError(EMAIL_MESSAGE);
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      await requestLoginCode(address, isAdmin);
      notify({ title: 'Code sent', description: 'Check your email for the 6-digit login code' });
      setStep('code');
    } catch (error) {
      notify({ title: 'Error', description: authFailureMessage(error, SEND_CODE_FAILED), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length === 0) return setCodeError(CODE_REQUIRED_MESSAGE);
    if (!/^\d{6}$/.test(code)) return setCodeError(CODE_FORMAT_MESSAGE);
    setCodeError(undefined);
    setBusy(true);
    try {
      const result = await verifyLoginCode(code, email.trim());
      login(result);
      notify({ title: 'Success', description: result.message || 'Login successful!' });
      navigate(landingPathFor(result.role), { replace: true });
    } catch (error) {
      notify({ title: 'Error', description: authFailureMessage(error, VERIFY_CODE_FAILED), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const backToEmail = () => {
    setStep('email');
    setEmail('');
    setCode('');
    setEmailError(undefined);
    setCodeError(undefined);
  };

  if (step === 'email') {
    return (
      <AuthCard title="Please enter your email" eyebrow={isAdmin ? 'Administrator sign-in' : 'Sign in'}>
        {online ? null : <NeedsConnectionNotice action="Signing in" />}
        <form className={styles.form} onSubmit={sendCode} noValidate>
          <Field label="Email" required validationMessage={emailError}>
            <Input type="email" name="email" autoComplete="email" value={email} disabled={busy} onChange={(_, d) => setEmail(d.value)} />
          </Field>
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
        We sent a 6-digit code to <strong>{email.trim()}</strong>
      </Text>
      <form className={styles.form} onSubmit={verify} noValidate>
        <Field label="Verification code" required validationMessage={codeError}>
          <Input
            className={styles.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            disabled={busy}
            onChange={(_, d) => setCode(d.value.replace(/\D/g, '').slice(0, 6))}
          />
        </Field>
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
