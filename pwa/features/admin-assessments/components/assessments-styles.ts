/** The Assessments tab's styles and heading levels (2 under a page's h1, 3 in a dialog, 1 in the full-screen editor). */
import { makeStyles, tokens } from '@fluentui/react-components';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;
export const headingTag = (level: number) => `h${Math.min(Math.max(level, 1), 6)}` as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export const useAssessmentStyles = makeStyles({
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
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', alignItems: 'end' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground2 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  hiddenInput: { display: 'none' },
  wide: { flexBasis: '100%' },
  condition: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  option: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  optionText: { flexGrow: 1 },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
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
  },
  number: { textAlign: 'right', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  preview: { maxWidth: '28rem', overflowWrap: 'anywhere' },
});
