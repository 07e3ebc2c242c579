/** /webinars (storefront spec §2 Dedicated listings): live webinars by start date (undated last), price and time zone filters. */
import { LiveSessionListing } from '../../features/listings/components/live-session-listing';

export default function WebinarsPage() {
  return (
    <LiveSessionListing
      type="live_webinar"
      eyebrow="Online, Live"
      title="Live Webinars"
      intro="Focused 60- to 120-minute online sessions with live Q&A. Join from your desk, wherever you are, and earn a certificate of attendance."
      noun="webinars"
      gridLabel="Live webinars"
    />
  );
}
