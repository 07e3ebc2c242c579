/**
 * The local times of attendance reports, read in the report's time zone: Zoom's
 * "11/26/2026 09:58:12 AM", Teams' "11/26/26, 9:58:12 AM", and "2026-11-26 09:58:12"; a time with
 * its own offset ("…Z", "+01:00") is taken as it says. Null when it is none of these.
 */
import { zonedTimeToUtc } from '@contracts/time-zones';

const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

function instant(year: number, month: number, day: number, hour: number, minute: number, second: number, timeZone: string): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCDate() !== day) return null;
  // A report's times share a few local hours: each hour's start is worked out once (zones change offset on the hour).
  const key = `${timeZone}|${year}-${month}-${day}T${hour}`;
  let hourStart = hourStarts.get(key);
  if (hourStart === undefined) {
    if (hourStarts.size > 10_000) hourStarts.clear();
    hourStart = zonedTimeToUtc(year, month, day, hour, 0, timeZone).getTime();
    hourStarts.set(key, hourStart);
  }
  return hourStart + minute * 60_000 + second * 1000;
}

const hourStarts = new Map<string, number>();

export function parseReportTime(text: string, timeZone: string): number | null {
  const value = text.trim();
  const us = US.exec(value);
  if (us) {
    let hour = Number(us[4]);
    const meridiem = us[7]?.toUpperCase();
    if (meridiem) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
    }
    const year = us[3]!.length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
    return instant(year, Number(us[1]), Number(us[2]), hour, Number(us[5]), Number(us[6] ?? 0), timeZone);
  }
  const iso = ISO.exec(value);
  if (iso) {
    if (iso[7]) {
      const parsed = Date.parse(
        `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}:${iso[6] ?? '00'}${iso[7].length === 5 ? `${iso[7].slice(0, 3)}:${iso[7].slice(3)}` : iso[7]}`,
      );
      return Number.isNaN(parsed) ? null : parsed;
    }
    return instant(Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0), timeZone);
  }
  return null;
}
