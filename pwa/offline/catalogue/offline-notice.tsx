import { preloadable, useLoaded } from '../../lib/preloadable';
import { useShowingSavedCatalogue } from './offline-status';

// The bar's code (Fluent's MessageBar and its icons) is not part of the first load: it arrives once
// the page has settled, so it is there before a screen falls back to the saved copy, or at once
// when one already has (served by the service worker offline).
const bar = preloadable(() => import('./offline-notice-bar').then((module) => module.OfflineNoticeBar));

/** Visible whenever a screen is rendering the catalogue from the device's saved copy. */
export function OfflineNotice() {
  const showing = useShowingSavedCatalogue();
  const Bar = useLoaded(bar, { now: showing });
  return showing && Bar ? <Bar /> : null;
}
