import { formatGst, msToNextMinute, CLOCK_REFRESH_MS } from "../../src/utils/clock";

describe("formatGst", () => {
  it.each([
    ["2026-11-22T00:00:00Z", "04:00 AM"],
    ["2026-11-22T05:05:00Z", "09:05 AM"],
    ["2026-11-22T08:00:59Z", "12:00 PM"],
    ["2026-11-22T19:59:00Z", "11:59 PM"],
    ["2026-11-22T20:00:00Z", "12:00 AM"],
    ["2026-11-22T21:30:00Z", "01:30 AM"],
  ])("%s is %s in Dubai", (iso, expected) => {
    expect(formatGst(new Date(iso))).toBe(expected);
  });

  it("does not depend on the process time zone", () => {
    // Dubai has no daylight saving: the offset is +04:00 in winter and summer alike.
    expect(formatGst(new Date("2026-07-01T12:00:00Z"))).toBe("04:00 PM");
    expect(formatGst(new Date("2026-01-01T12:00:00Z"))).toBe("04:00 PM");
  });

  it("always has two-digit hours and an AM/PM suffix", () => {
    for (let h = 0; h < 24; h++) {
      const text = formatGst(new Date(Date.UTC(2026, 10, 22, h, 7)));
      expect(text).toMatch(/^(0[1-9]|1[0-2]):07 (AM|PM)$/);
    }
  });
});

describe("msToNextMinute", () => {
  it("waits until the next minute starts", () => {
    expect(msToNextMinute(new Date("2026-11-22T10:00:59.500Z"))).toBe(500);
    expect(msToNextMinute(new Date("2026-11-22T10:00:00.001Z"))).toBe(59_999);
  });
  it("waits a whole interval on an exact minute", () => {
    expect(msToNextMinute(new Date("2026-11-22T10:00:00.000Z"))).toBe(CLOCK_REFRESH_MS);
  });
});
