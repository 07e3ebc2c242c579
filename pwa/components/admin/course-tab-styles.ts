/**
 * What the extra tabs of a course's editor (Attendance, Assessments) share: the heading of a level
 * (2 under a page's h1, 3 in a dialog, 1 in the full-screen editor) and the tab's frame — its
 * sections as panels, their titles, intros, rows of fields and of buttons. A tab's own styles add
 * theirs: `makeStyles({ ...COURSE_TAB_STYLES, … })`.
 */
import { tokens, type GriffelStyle } from '@fluentui/react-components';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;
export const headingTag = (level: number) => `h${Math.min(Math.max(level, 1), 6)}` as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export const COURSE_TAB_STYLES = {
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  panelTitle: { margin: 0, fontSize: tokens.fontSizeBase400 },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', alignItems: 'end' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground2 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  hiddenInput: { display: 'none' },
} satisfies Record<string, GriffelStyle>;
