import React from "react";
import { NOT_GIVEN } from "../../utils/units";

/** A figure the specification does not give: a visible dash, read out as "Not published yet". */
export function NotGiven({ label }: { label: string }): React.ReactElement {
  return (
    <>
      <span aria-hidden="true">{NOT_GIVEN}</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
