/** /live-seminars (storefront spec §2 Dedicated listings): price range (seminar bands) and time zone filters. */
import { LiveSessionListing } from '../../features/listings/components/live-session-listing';

export default function LiveSeminarsPage() {
  return (
    <LiveSessionListing
      type="live_seminar"
      eyebrow="In Person"
      title="Live Seminars"
      intro="Intensive one- to three-day classroom seminars led by industry experts, with workbooks, case studies and time to put your own questions to the instructor."
      noun="seminars"
      gridLabel="Live seminars"
    />
  );
}
