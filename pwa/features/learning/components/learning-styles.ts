/** The page frame the learning screens share. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useLearningStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '72rem',
    margin: '0 auto',
    padding: `clamp(1.5rem, 4vw, 3rem) ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
  },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontWeight: tokens.fontWeightSemibold },
  title: { margin: 0, fontSize: 'clamp(1.5rem, 4vw, 2.25rem)', lineHeight: 1.2 },
  eyebrow: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  placeholder: {
    width: '100%',
    aspectRatio: '16 / 9',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    textAlign: 'center',
  },
});
