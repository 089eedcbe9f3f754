import React, { useId } from "react";
import type { UnitSystem } from "../../utils/units";
import { setUnitSystem, useUnitSystem } from "./useUnitSystem";
import * as styles from "./UnitsToggle.module.css";

interface UnitsToggleProps {
  label: string;
  metricLabel: string;
  imperialLabel: string;
  className?: string;
}

/** Metric / Imperial: two buttons, the current one pressed. The choice is kept for every product page. */
export function UnitsToggle({ label, metricLabel, imperialLabel, className }: UnitsToggleProps): React.ReactElement {
  const system = useUnitSystem();
  const labelId = useId();
  const options: { value: UnitSystem; label: string }[] = [
    { value: "metric", label: metricLabel },
    { value: "imperial", label: imperialLabel },
  ];
  return (
    <div role="group" aria-labelledby={labelId} className={`${styles.toggle} ${className ?? ""}`} data-testid="units-toggle">
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <span className={styles.options}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={styles.option}
            aria-pressed={system === o.value}
            onClick={() => setUnitSystem(o.value)}
          >
            {o.label}
          </button>
        ))}
      </span>
    </div>
  );
}
