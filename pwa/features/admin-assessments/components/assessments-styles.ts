/** The Assessments tab's styles: a course tab's frame (`COURSE_TAB_STYLES`) and its forms' own. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { COURSE_TAB_STYLES } from '@pwa/components/admin/course-tab-styles';

export { headingTag, type HeadingLevel } from '@pwa/components/admin/course-tab-styles';

export const useAssessmentStyles = makeStyles({
  ...COURSE_TAB_STYLES,
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  wide: { flexBasis: '100%' },
  condition: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  option: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  optionText: { flexGrow: 1 },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  preview: { maxWidth: '28rem', overflowWrap: 'anywhere' },
});
