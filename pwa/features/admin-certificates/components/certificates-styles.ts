/** The certificates' screens' styles: a course tab's frame (`COURSE_TAB_STYLES`) and their own. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { COURSE_TAB_STYLES } from '@pwa/components/admin/course-tab-styles';

export { headingTag, type HeadingLevel } from '@pwa/components/admin/course-tab-styles';

export const useCertificateStyles = makeStyles({
  ...COURSE_TAB_STYLES,
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  credits: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  credit: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
    alignItems: 'end',
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  add: { alignSelf: 'flex-start' },
  search: { maxWidth: '28rem' },
  holder: { display: 'flex', flexDirection: 'column' },
  email: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalS },
});
