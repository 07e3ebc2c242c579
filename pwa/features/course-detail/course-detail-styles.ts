/**
 * Styles the course page's parts share: the two-column layout (the course and its aside), the
 * carded section with its h2, the rich-text blocks and the skeleton stacks.
 */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useCourseLayoutStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(320px, 1fr)' },
  },
});

export const useCourseSectionStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
  },
  sectionTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  richText: {
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground1,
    '& a': { color: tokens.colorBrandForeground1 },
  },
  skeletonStack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  skeletonShort: { width: '40%' },
});
