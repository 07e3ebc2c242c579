/** Display formats of the storefront spec (§2 course card, §9 money). */

/**
 * One formatter per options and time zone, kept: `toLocaleDateString` with options builds a new
 * one on every call, which made a page of course cards spend a quarter of its render in it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(kind: 'date' | 'time', options: Intl.DateTimeFormatOptions, timeZone: string | null | undefined, date: Date): string {
  const zone = timeZone ?? 'UTC';
  const key = `${kind} ${zone}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // An unknown time zone: shown in UTC.
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, format);
  }
  return format.format(date);
}

function validDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Short month, 2-digit day, 2-digit year in the course's own time zone: "Mar 04, 26". */
export function formatCourseDate(iso: string | null | undefined, timeZone?: string | null): string {
  const date = validDate(iso);
  return date ? zonedFormat('date', { month: 'short', day: '2-digit', year: '2-digit' }, timeZone, date) : '';
}

/** Clock time with the zone's abbreviation in the course's own time zone: "9:00 AM EST". */
export function formatCourseTime(iso: string | null | undefined, timeZone?: string | null): string {
  const date = validDate(iso);
  return date ? zonedFormat('time', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, timeZone, date) : '';
}

/** "Xh Ym", or "Xm" under 60 minutes. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole}m`;
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** A formatter built on first use and kept: `toLocale…String` with options builds one on every call. */
function kept<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const cardPriceFormat = kept(() => new Intl.NumberFormat('en-US'));
const moneyFormat = kept(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Card prices: a locale-grouped number ("1,299" or "1,299.5"). */
export function formatCardPrice(price: string | number): string {
  const value = typeof price === 'number' ? price : Number(price);
  return Number.isFinite(value) ? cardPriceFormat().format(value) : String(price);
}

/** Cart and profile amounts: dollars with 2 decimals ("$1,299.00"). */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return `$${moneyFormat().format(Number.isFinite(value) ? value : 0)}`;
}

const dateTimeFormat = kept(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const dateFormat = kept(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** Back-office timestamps in the viewer's zone: "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}

/** Back-office dates in the viewer's zone: "Mar 4, 2026". */
export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

const dayMonthYearFormat = kept(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

/** A day in the viewer's zone, day first: "26 Nov 2026" (My Training's "Completed …", issue 31). */
export function formatDayMonthYear(iso: string): string {
  return dayMonthYearFormat().format(new Date(iso));
}

/** A size for people: "512 B", "12.4 KB", "8.0 MB", "1.25 GB" (powers of 1,024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
