/** The Content tab's styles, shared by its parts. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { visuallyHidden } from '@pwa/components/visually-hidden';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The heading element of a level (kept within h1–h6). */
export const headingTag = (level: number): HeadingTag => `h${Math.min(Math.max(Math.round(level), 1), 6)}` as HeadingTag;

export const useContentStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  intro: { color: tokens.colorNeutralForeground2 },
  srOnly: visuallyHidden,
  addRow: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: '12rem' },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', margin: 0, padding: 0 },
  group: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  dropTarget: { outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, outlineOffset: '2px' },
  groupHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  groupTitle: { margin: 0, fontSize: tokens.fontSizeBase400, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  lessons: { listStyle: 'none', margin: `${tokens.spacingVerticalS} 0 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  lesson: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  lessonLine: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  lessonTitle: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  handle: { cursor: 'grab', color: tokens.colorNeutralForeground3 },
  meta: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  empty: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalS} 0 0` },
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginTop: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  panelTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  hiddenInput: { display: 'none' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});
