/** The Attendance tab's styles and heading levels (2 under a page's h1, 3 in a dialog, 1 in the full-screen editor). */
import { makeStyles, tokens } from '@fluentui/react-components';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;
export const headingTag = (level: number) => `h${Math.min(Math.max(level, 1), 6)}` as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export const useAttendanceStyles = makeStyles({
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
