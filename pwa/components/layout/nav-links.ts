/** The storefront's navigation, shared by the desktop header, the mobile menu and the footer. */
export interface NavItem {
  label: string;
  to: string;
}

/** The header's "Courses" dropdown (storefront spec §2, shared header). */
export const COURSE_LINKS: readonly NavItem[] = [
  { label: 'Live Seminars', to: '/live-seminars' },
  { label: 'Live Webinars', to: '/webinars' },
  { label: 'Recorded Courses', to: '/recorded-courses' },
  { label: 'Recorded Seminars', to: '/recorded-seminars' },
  { label: 'Webinar Packs', to: '/webinar-packs' },
];

export const MAIN_LINKS: readonly NavItem[] = [
  { label: 'Membership', to: '/membership' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

/** The general listing filtered by type (footer and home category tiles). */
export const TYPE_FILTER_LINKS: readonly NavItem[] = [
  { label: 'Live Seminars', to: '/courses?type=live_seminar' },
  { label: 'Webinars', to: '/courses?type=webinar' },
  { label: 'Recorded Webinars', to: '/courses?type=recorded_webinar' },
];

export function searchPath(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/courses?search=${encodeURIComponent(trimmed)}` : null;
}
