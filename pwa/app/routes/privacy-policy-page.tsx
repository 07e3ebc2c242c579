/** Privacy policy (storefront spec §2 static pages). */
import { mergeClasses } from '@fluentui/react-components';
import { ContentPage, useProseStyles } from '../../components/layout/content-page';
import { TextLink } from '../../components/layout/router-links';

const LAST_UPDATED = 'November 21, 2026';

export default function PrivacyPolicyPage() {
  const prose = useProseStyles();
  return (
    <ContentPage title="Privacy Policy" intro={`How LifeScience Academy collects, uses and protects your personal information. Last updated ${LAST_UPDATED}.`}>
      <article className={mergeClasses(prose.prose, prose.card)}>
        <h2>Who we are</h2>
        <p>
          LifeScience Academy (“we”, “us”) provides compliance training for professionals in life sciences, healthcare, IT, trade and logistics, banking and
          finance, aerospace, HR, and quality and regulatory roles. We have been in operation since 2012 and have offices in Canada and India. This policy
          applies to our website, our installable app and the courses we deliver through them.
        </p>

        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name and e-mail address when you create an account or sign in with a one-time code.
          </li>
          <li>
            <strong>Orders and enrollments:</strong> the courses, seminars and memberships you buy, their prices and the date of purchase.
          </li>
          <li>
            <strong>Payment information:</strong> card payments are processed by our payment provider. We never see or store your full card number; we keep only
            a payment reference and the amount paid.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or by e-mail, including your phone number if you choose to give it.
          </li>
          <li>
            <strong>Device data:</strong> the app keeps a copy of the course catalogue, your cart and your sign-in token on your device so it works offline.
            This data stays in your browser’s storage and you can clear it at any time.
          </li>
        </ul>

        <h2>How we use it</h2>
        <ul>
          <li>To deliver the training you purchased, send joining instructions and issue certificates of attendance.</li>
          <li>To process payments, prevent fraud and keep the records that tax and accounting rules require.</li>
          <li>To answer your questions and provide support.</li>
          <li>If you opt in, to remind you of upcoming live sessions through push notifications or e-mail.</li>
        </ul>
        <p>We do not sell your personal information and we do not use it for advertising by third parties.</p>

        <h2>Sharing</h2>
        <p>
          We share information only with service providers that help us run the service (payment processing, e-mail delivery, hosting), under contracts that
          limit their use of it to that purpose, and with authorities when the law requires it. Instructors see the names of participants registered for their
          sessions.
        </p>

        <h2>Retention</h2>
        <p>
          We keep account and order records for as long as your account is active and afterwards for the period required by law (usually seven years for
          financial records). One-time sign-in codes expire after a few minutes and are deleted once used.
        </p>

        <h2>Your rights</h2>
        <p>
          Depending on where you live, including under Canada’s PIPEDA and India’s Digital Personal Data Protection Act, you may ask to see, correct or delete
          your personal information, or withdraw consent to optional processing. We answer requests within 30 days.
        </p>

        <h2>Security</h2>
        <p>
          Connections to our service are encrypted, access to personal data is limited to staff who need it, and sign-in uses single-use codes instead of
          passwords.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about this policy or your data? Write to privacy@lifescience-academy.example or use our <TextLink to="/contact">contact form</TextLink>.
        </p>
      </article>
    </ContentPage>
  );
}
