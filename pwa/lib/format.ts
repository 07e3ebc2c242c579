/** Display formats of the storefront spec (§2 course card, §9 money). */

/** Short month, 2-digit day, 2-digit year in the course's own time zone: "Mar 04, 26". */
export function formatCourseDate(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: '2-digit', year: '2-digit' };
  try {
    return date.toLocaleDateString('en-US', { ...options, timeZone: timeZone ?? 'UTC' });
  } catch {
    return date.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
  }
}

/** Clock time with the zone's abbreviation in the course's own time zone: "9:00 AM EST". */
export function formatCourseTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return date.toLocaleTimeString('en-US', { ...options, timeZone: timeZone ?? 'UTC' });
  } catch {
    return date.toLocaleTimeString('en-US', { ...options, timeZone: 'UTC' });
  }
}

/** "Xh Ym", or "Xm" under 60 minutes. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole}m`;
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** Card prices: a locale-grouped number ("1,299" or "1,299.5"). */
export function formatCardPrice(price: string | number): string {
  const value = typeof price === 'number' ? price : Number(price);
  return Number.isFinite(value) ? value.toLocaleString('en-US') : String(price);
}

/** Cart and profile amounts: dollars with 2 decimals ("$1,299.00"). */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return `$${(Number.isFinite(value) ? value : 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;

/** Back-office timestamps in the viewer's zone: "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(new Date(iso));
}

/** Back-office dates in the viewer's zone: "Mar 4, 2026". */
export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  return dateFormat.format(new Date(iso));
}
