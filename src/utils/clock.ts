/** The header clock: Asia/Dubai time as hh:mm AM/PM, whatever the visitor's own zone. */
export const CLOCK_TIME_ZONE = "Asia/Dubai";
export const CLOCK_REFRESH_MS = 60_000;

const formatter = new Intl.DateTimeFormat("en-US", {
  timeZone: CLOCK_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
});

/** Formats an instant as Gulf Standard Time, e.g. "09:05 AM" or "12:30 PM". */
export function formatGst(date: Date): string {
  const parts = formatter.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const hour = get("hour").padStart(2, "0");
  return `${hour}:${get("minute")} ${get("dayPeriod").toUpperCase()}`;
}

/** Milliseconds from `now` to the start of the next minute, so the clock turns over on time. */
export function msToNextMinute(now: Date): number {
  const ms = now.getTime() % CLOCK_REFRESH_MS;
  return ms === 0 ? CLOCK_REFRESH_MS : CLOCK_REFRESH_MS - ms;
}
