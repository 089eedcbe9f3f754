import { NUMBER_LOCALE, type Lang } from "../shared/i18n/lang";

/** The header clock: Asia/Dubai time as hh:mm AM/PM, whatever the visitor's own zone. */
export const CLOCK_TIME_ZONE = "Asia/Dubai";
export const CLOCK_REFRESH_MS = 60_000;

const formatterOf = (lang: Lang) => new Intl.DateTimeFormat(NUMBER_LOCALE[lang], { timeZone: CLOCK_TIME_ZONE, hour: "2-digit", minute: "2-digit", hour12: true });

/**
 * Formats an instant as Gulf Standard Time, e.g. "09:05 AM" or "12:30 PM"; in Arabic with Latin digits and the
 * Arabic day period, e.g. "09:05 ص" or "12:30 م".
 */
export function formatGst(date: Date, lang: Lang = "en"): string {
  const parts = formatterOf(lang).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const hour = get("hour").padStart(2, "0");
  // toUpperCase leaves the Arabic day period (ص, م) as it is.
  return `${hour}:${get("minute")} ${get("dayPeriod").toUpperCase()}`;
}

/** Milliseconds from `now` to the start of the next minute, so the clock turns over on time. */
export function msToNextMinute(now: Date): number {
  const ms = now.getTime() % CLOCK_REFRESH_MS;
  return ms === 0 ? CLOCK_REFRESH_MS : CLOCK_REFRESH_MS - ms;
}
