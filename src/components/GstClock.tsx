import React, { useEffect, useState } from "react";
import { CLOCK_REFRESH_MS, formatGst, msToNextMinute } from "../utils/clock";
import { useLang } from "../i18n/LangContext";
import * as styles from "./GstClock.module.css";

interface GstClockProps {
  label: string;
}

/**
 * Asia/Dubai time, refreshed every minute. The static HTML carries a neutral
 * placeholder (the build cannot know the visitor's time); the real time is
 * filled in after hydration, so server and client render the same markup.
 */
export function GstClock({ label }: GstClockProps): React.ReactElement {
  const lang = useLang();
  const [now, setNow] = useState<Date | null>(null);

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(new Date());
    tick();
    const timeout = setTimeout(() => {
      tick();
      interval = setInterval(tick, CLOCK_REFRESH_MS);
    }, msToNextMinute(new Date()));
    return () => {
      clearTimeout(timeout);
      if (interval) clearInterval(interval);
    };
  }, []);

  return (
    <p className={styles.clock} data-testid="gst-clock">
      <span className={styles.label}>{label}</span>{" "}
      <time dateTime={now ? now.toISOString() : undefined} className={styles.time}>
        {now ? formatGst(now, lang) : "--:-- --"}
      </time>
    </p>
  );
}
