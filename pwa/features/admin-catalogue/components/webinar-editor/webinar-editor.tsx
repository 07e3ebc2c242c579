/**
 * The full-screen webinar editor (back-office spec §2: Create Live Webinar, Edit Webinar and the
 * in-page editor variant): a header with the course code (or AUTO_GENERATED), Preview, Cancel and
 * Save Changes; a side panel with basic information, course image, instructor, schedule and
 * duration, and — when editing — the pricing tiers; the rich-text description with a live preview
 * beside it. Required: title, short description, instructor name, start date and time (§5).
 */
import {
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { COURSE_DEFAULTS } from '@contracts/course-admin';
import { FORM_MESSAGES, webinarFormSchema } from '@contracts/course-admin-forms';
import type { DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { useOpenedOnce } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { commonBody, commonValues, instructorBody, instructorValues, scheduleBody, scheduleValues, toInteger, toIso } from '../../lib/course-form-values';
import { CREDIT_RULES_FIELD, creditRulesBody, creditRulesValue } from '../../lib/credit-rules-form';
import { ActiveSwitch, CodeField, FieldGroup, ImageField, InstructorFields, ScheduleFields, TextAreaField } from '../course-fields';
import { CourseDrafted, CourseFormShell, DescriptionEditor, useCourseForm } from '../course-form-shell';
import { CreditRulesFields } from '../credit-rules-fields';
import { PricingTiersManager } from '../pricing-tiers-manager';
import { WebinarPreview, type WebinarPreviewData } from './webinar-preview';

const schema = webinarFormSchema.extend(CREDIT_RULES_FIELD);

const useStyles = makeStyles({
  shell: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  code: { color: tokens.colorNeutralForeground2 },
  body: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    padding: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(20rem, 26rem) minmax(0, 1fr)' },
    '@media (min-width: 1400px)': { gridTemplateColumns: 'minmax(20rem, 26rem) minmax(0, 1fr) minmax(18rem, 24rem)' },
  },
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, alignSelf: 'start' },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  draft: { margin: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL} 0` },
});

/**
 * The editor starts from the working copy kept on this device when there is one (typed before a
 * reload, a closed tab or a dropped connection), and says so; "Discard draft" goes back to the
 * server's copy.
 */
export function WebinarEditor({ course, onDone }: { course?: Course; onDone: () => void }) {
  return (
    <CourseDrafted name="webinar" course={course}>
      {(drafted) => <WebinarEditorForm course={course} onDone={onDone} drafted={drafted} />}
    </CourseDrafted>
  );
}

function WebinarEditorForm({ course, onDone, drafted }: { course?: Course; onDone: () => void; drafted: DraftState }) {
  const styles = useStyles();
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewMounted = useOpenedOnce(previewOpen);
  const { form, submit } = useCourseForm({
    kind: 'webinar',
    course,
    drafted,
    schema,
    opened: () => ({
      ...commonValues(course),
      code: course?.code ?? '',
      ...instructorValues(course),
      ...scheduleValues(course, COURSE_DEFAULTS.webinar),
      maxParticipants: course?.maxParticipants ? String(course.maxParticipants) : '',
      creditRules: creditRulesValue(course),
    }),
    toBody: (values) => ({
      ...commonBody(values),
      ...(course ? {} : { code: values.code.trim() || undefined, type: 'live_webinar' as const, price: '0' }),
      ...instructorBody(values),
      ...scheduleBody(values),
      maxParticipants: toInteger(values.maxParticipants),
      ...creditRulesBody(values.creditRules, course),
    }),
    onSaved: onDone,
    invalidMessage: (errors) => (errors.title || errors.shortDescription || errors.instructorName ? FORM_MESSAGES.editorRequired : FORM_MESSAGES.pageRequired),
  });
  const v = form.values;

  const preview: WebinarPreviewData = {
    title: v.title,
    shortDescription: v.shortDescription,
    image: v.image,
    description: v.description,
    instructorName: v.instructorName,
    instructorTitle: v.instructorTitle,
    instructorBio: v.instructorBio,
    startDate: toIso(v.startDate, v.startTime, v.timezone),
    duration: toInteger(v.duration),
    timezone: v.timezone,
  };

  const header = (
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{course ? `Edit Webinar: ${course.title}` : 'Create Live Webinar'}</h1>
        <Text className={styles.code}>Course Code: {course?.code ?? (v.code.trim() || 'AUTO_GENERATED')}</Text>
      </div>
      <FormButtons
        layout="header"
        extra={<Button onClick={() => setPreviewOpen(true)}>Preview</Button>}
        cancel="/admin/webinars"
        submit="Save Changes"
        busy={form.busy}
      />
    </header>
  );

  return (
    <CourseFormShell course={course} drafted={drafted} what="webinar" submit={submit} className={styles.shell} noticeClassName={styles.draft} header={header}>
      <div className={styles.body}>
        <Card className={styles.panel}>
          <FieldGroup legend="Basic Information">
            <FormField form={form} name="title" label="Title" required />
            <TextAreaField form={form} name="shortDescription" label="Short Description" required />
            <CodeField form={form} prefix="LIVE" fixed={!!course} />
            <FormField form={form} name="maxParticipants" label="Max Participants" inputMode="numeric" hint="Leave empty for no limit" />
            <ActiveSwitch form={form} />
          </FieldGroup>
          <FieldGroup legend="Course Image">
            <ImageField form={form} name="image" label="Image" />
          </FieldGroup>
          <InstructorFields form={form} />
          <ScheduleFields form={form} />
          <CreditRulesFields form={form} />
          {course ? (
            <section aria-labelledby="editor-tiers" className={styles.main}>
              <h2 id="editor-tiers" className={styles.heading}>
                Pricing Tiers
              </h2>
              <PricingTiersManager courseId={course.id} courseTitle={course.title} />
            </section>
          ) : null}
        </Card>
        <div className={styles.main}>
          <DescriptionEditor form={form} />
        </div>
        <Card className={styles.panel}>
          <h2 className={styles.heading}>Live Preview</h2>
          <WebinarPreview data={preview} headingLevel="h3" />
        </Card>
      </div>
      {previewMounted ? (
        <Dialog open={previewOpen} onOpenChange={(_event, data) => setPreviewOpen(data.open)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Preview</DialogTitle>
              <DialogContent>
                <WebinarPreview data={preview} headingLevel="h3" />
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setPreviewOpen(false)}>Close</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </CourseFormShell>
  );
}
