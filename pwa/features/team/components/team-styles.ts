/** The frame the team's panels share: a card per panel, and plain tables that scroll sideways on a phone. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { visuallyHidden } from '@pwa/components/visually-hidden';

export const useTeamStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  meta: { color: tokens.colorNeutralForeground2 },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    '& th, & td': {
      textAlign: 'start',
      verticalAlign: 'top',
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& th': { fontWeight: tokens.fontWeightSemibold },
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  visuallyHidden: visuallyHidden,
});

/** The server's own words for a refusal it explains (4xx), or a retry hint. */
export function refusalText(error: unknown, fallback = 'Please check your connection and try again.'): string {
  const apiError = error as { status?: number; serverMessage?: string };
  return typeof apiError?.status === 'number' && apiError.status < 500 && apiError.serverMessage ? apiError.serverMessage : fallback;
}
