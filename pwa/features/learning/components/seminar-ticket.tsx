/**
 * A live seminar's ticket on My Training (issue 30, point 5): the QR code staff scan at the door,
 * the code under it for typing, whose it is, and when and where. Shown to the seat's holder only
 * (the server decides); a revoked seat's answer (403) says so instead.
 */
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { displayTicketCode } from '@contracts/check-in';
import { ApiError } from '@pwa/lib/api-client';
import { formatDateTime } from '@pwa/lib/format';
import { useTicket } from '../api/get-ticket';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 14rem) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'center',
    padding: tokens.spacingHorizontalL,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'center', textAlign: 'center' },
  },
  qr: { width: '100%', maxWidth: '14rem', aspectRatio: '1', backgroundColor: '#fff', display: 'block' },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase400, overflowWrap: 'anywhere', letterSpacing: '0.05em' },
});

/** The QR as an image: the server's SVG, never put into the page as markup. */
const svgSource = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

export function SeminarTicket({ courseId, viewer }: { courseId: string; viewer: string }) {
  const styles = useStyles();
  const ticket = useTicket(courseId, viewer);
  if (ticket.isPending) return <Spinner size="small" label="Loading your ticket…" />;
  if (ticket.isError) {
    const refused = ticket.error instanceof ApiError ? ticket.error.serverMessage : undefined;
    return <Text role="note">{refused ?? 'Your ticket could not be loaded. Please try again later.'}</Text>;
  }
  const { code, qrSvg, holderName, startsAt, course } = ticket.data;
  return (
    <section className={styles.card} aria-labelledby="seminar-ticket-heading">
      <img className={styles.qr} src={svgSource(qrSvg)} alt={`QR code of your ticket: ${displayTicketCode(code)}`} width={224} height={224} />
      <div className={styles.details}>
        <h2 id="seminar-ticket-heading" className={styles.heading}>
          Your ticket
        </h2>
        <Text>Show this code at the entrance to be checked in.</Text>
        <Text weight="semibold">{holderName}</Text>
        {startsAt ? <Text>{formatDateTime(startsAt)}</Text> : null}
        {course.location ? <Text>{course.location}</Text> : null}
        <Text className={styles.code}>{displayTicketCode(code)}</Text>
      </div>
    </section>
  );
}
