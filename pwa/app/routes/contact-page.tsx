/**
 * Contact (storefront spec §2 static pages, §5): the Canadian main office and the Indian branch,
 * and a form (name, e-mail and message required, phone optional). The spec only simulates the
 * send; here the message really goes to POST /api/contact (stored and mailed to support).
 * "Message Sent!" appears only once the server accepted it; a failure says "Failed to send
 * message. Please try again." and keeps what was typed. A hidden honeypot field catches bots.
 */
import { Button, Field, Link, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { BRAND_TEAL } from '../../components/layout/brand';
import { ContentPage } from '../../components/layout/content-page';
import { contactRequestSchema } from '@contracts/contact';
import { OFFICES } from '@contracts/company';
import { FormField } from '../../components/form/form-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { ContactSendError, CONTACT_FAILED, sendContactMessage } from '../../features/contact/send-contact-message';

const useStyles = makeStyles({
  layout: { display: 'grid', gap: tokens.spacingHorizontalXXXL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))', alignItems: 'start' },
  offices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  office: {
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    borderTop: `${tokens.strokeWidthThicker} solid ${BRAND_TEAL}`,
  },
  officeTitle: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  company: { margin: `0 0 ${tokens.spacingVerticalS}`, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  address: { fontStyle: 'normal', lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2 },
  details: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    margin: `${tokens.spacingVerticalM} 0 0`,
  },
  term: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  definition: { margin: 0, overflowWrap: 'anywhere' },
  formCard: {
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  formTitle: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  formIntro: { margin: `0 0 ${tokens.spacingVerticalL}`, color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))' },
  submit: { alignSelf: 'flex-start' },
});

function Detail({ term, children }: { term: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{children}</dd>
    </>
  );
}

function ContactForm() {
  const styles = useStyles();
  const form = useZodForm(contactRequestSchema, { name: '', phone: '', email: '', message: '', website: '' });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = form.busy;

  const submit = form.handleSubmit(async (data) => {
    setSent(false);
    setFailure(null);
    try {
      await sendContactMessage({ ...data, phone: data.phone || undefined, website: data.website || undefined });
      setSent(true);
      form.reset();
    } catch (error) {
      setFailure(error instanceof ContactSendError && error.detail ? error.detail : '');
    }
  });
  // Typing again hides "Message Sent!"; nothing can be typed while the message is on its way.
  const field = (name: 'name' | 'phone' | 'email' | 'message') => ({
    onChange: (event: unknown, data: { value: string }) => {
      setSent(false);
      form.setValue(name, data.value);
    },
    disabled: sending,
  });

  return (
    <section className={styles.formCard} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.formTitle}>
        Send us a message
      </h2>
      <p className={styles.formIntro}>Questions about a course, group registrations or memberships? We usually reply within one business day.</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
        <div role="status" aria-live="polite">
          {sent ? (
            <MessageBar intent="success">
              <MessageBarBody>
                <MessageBarTitle>Message Sent!</MessageBarTitle>
                Thank you for contacting us. Our team will get back to you shortly.
              </MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        <div role="alert">
          {failure !== null ? (
            <MessageBar intent="error">
              <MessageBarBody>
                <MessageBarTitle>{CONTACT_FAILED}</MessageBarTitle>
                {failure}
              </MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        {/* Honeypot: hidden from people and from assistive technology; bots fill it in. */}
        <div hidden>
          <label>
            Website
            <input
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={form.values.website}
              onChange={(event) => form.setValue('website', event.target.value)}
            />
          </label>
        </div>
        <div className={styles.row}>
          <FormField form={form} name="name" label="Name" required autoComplete="name" {...field('name')} />
          <FormField form={form} name="phone" label="Phone" hint="Optional" type="tel" autoComplete="tel" {...field('phone')} />
        </div>
        <FormField form={form} name="email" label="Email" required type="email" autoComplete="email" {...field('email')} />
        <Field label="Message" required {...form.fieldProps('message')}>
          <Textarea rows={6} resize="vertical" {...form.inputProps('message')} {...field('message')} />
        </Field>
        <Button
          className={styles.submit}
          type="submit"
          appearance="primary"
          size="large"
          disabledFocusable={sending}
          icon={sending ? <Spinner size="tiny" aria-label="Sending" /> : undefined}
        >
          Contact Us
        </Button>
      </form>
    </section>
  );
}

export default function ContactPage() {
  const styles = useStyles();
  return (
    <ContentPage title="Contact Us" intro="Talk to our training advisors about courses, in-house training and memberships, or get help with an order.">
      <div className={styles.layout}>
        <ContactForm />
        <div className={styles.offices}>
          {OFFICES.map((office) => (
            <section key={office.title} className={styles.office} aria-label={office.title}>
              <h2 className={styles.officeTitle}>{office.title}</h2>
              <p className={styles.company}>{office.company}</p>
              <address className={styles.address}>
                {office.address.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
              <dl className={styles.details}>
                <Detail term="Phone">
                  <Link href={office.phone.href}>{office.phone.label}</Link>
                </Detail>
                <Detail term="Email">
                  <Link href={`mailto:${office.email.address}`}>{office.email.address}</Link>
                </Detail>
                <Detail term="Hours">{office.hours}</Detail>
              </dl>
            </section>
          ))}
        </div>
      </div>
    </ContentPage>
  );
}
