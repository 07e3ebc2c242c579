/**
 * The "Certificate" tab of a course's editor (issue 32, point 8): how long the course's
 * certificates are valid, the refresher course offered before they expire, and the fixed credits
 * a self-study course's certificates carry. Certificates already issued keep what they say.
 */
import { Text } from '@fluentui/react-components';
import { useState } from 'react';
import { Drafted } from '@pwa/components/admin/drafted';
import { LoadError } from '@pwa/components/load-error';
import { PageLoading } from '@pwa/components/page-loading';
import { useCertificateSettings } from '../api/get-certificate-settings';
import { CertificateSettingsForm, type SaveOutcome } from './certificate-settings-form';
import { headingTag, useCertificateStyles, type HeadingLevel } from './certificates-styles';

/** The Certificate tab for a course editor's `more` tabs (after Assessments). */
export function certificateTabs(course: { id: string }, headingLevel: HeadingLevel) {
  return [{ name: 'certificate', label: 'Certificate', panel: <CertificateTab courseId={course.id} headingLevel={headingLevel} /> }];
}

const OUTCOME_TEXT: Record<Exclude<SaveOutcome, null>, string> = { saved: 'Saved', kept: 'Saved on this device' };

export function CertificateTab({ courseId, headingLevel = 2 }: { courseId: string; headingLevel?: HeadingLevel }) {
  const styles = useCertificateStyles();
  const settings = useCertificateSettings(courseId);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const Heading = headingTag(headingLevel);
  return (
    <section className={styles.tab} aria-labelledby={`certificate-${courseId}`}>
      <Heading id={`certificate-${courseId}`} className={styles.heading}>
        Certificate
      </Heading>
      <p className={styles.intro}>
        What this course's certificates say: how long they are valid, the course that renews them and the credits they carry. Certificates already issued keep
        what they say.
      </p>
      {settings.isError && !settings.data ? <LoadError error={settings.error} onRetry={() => settings.refetch()} what="the certificate settings" /> : null}
      {settings.isPending ? <PageLoading label="Loading the certificate settings..." /> : null}
      {settings.data ? (
        // Starts afresh from the server's settings when they change (after a save).
        <Drafted key={JSON.stringify(settings.data)} draftKey={`certificate-settings:${courseId}`}>
          {(drafted) => <CertificateSettingsForm courseId={courseId} settings={settings.data} drafted={drafted} onOutcome={setOutcome} />}
        </Drafted>
      ) : null}
      <Text role="status" className={styles.meta}>
        {outcome ? OUTCOME_TEXT[outcome] : ''}
      </Text>
    </section>
  );
}
