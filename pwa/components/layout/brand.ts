/** The product's name and the one raw colour the style guide allows: the brand teal. */
export const PRODUCT_NAME = 'LifeScience Academy';
export const TAGLINE = 'We Empower, You Comply';
export const BRAND_TEAL = '#0e7c86';

/** Tooltip timings (storefront spec §9). Fluent shows the next tooltip at once while another is
 * still visible, so a 300 ms hide delay gives the 300 ms "skip delay" between neighbours. */
export const TOOLTIP_SHOW_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Submenu / hover-open delay of menus (spec §9). */
export const MENU_HOVER_DELAY_MS = 100;

/** Below this width the header collapses its navigation into the mobile menu. */
export const MOBILE_QUERY = '@media (max-width: 767.98px)';
export const DESKTOP_QUERY = '@media (min-width: 768px)';
