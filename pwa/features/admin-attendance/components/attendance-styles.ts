/** The Attendance tab's styles: a course tab's frame (`COURSE_TAB_STYLES`) and its tables' own. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { COURSE_TAB_STYLES } from '@pwa/components/admin/course-tab-styles';

export { headingTag, type HeadingLevel } from '@pwa/components/admin/course-tab-styles';

export const useAttendanceStyles = makeStyles({
  ...COURSE_TAB_STYLES,
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: tokens.fontSizeBase300,
    '& th, & td': { textAlign: 'left', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, verticalAlign: 'top' },
    '& tbody tr': { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
    '& caption': { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalS },
  },
  number: { textAlign: 'right', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  sortButton: {
    appearance: 'none',
    border: 'none',
    background: 'none',
    padding: 0,
    font: 'inherit',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});
