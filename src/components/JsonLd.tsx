import React from "react";
import { jsonLdText } from "../utils/json-ld-text";

/** A schema.org JSON-LD block for a page's Head. */
export function JsonLd({ data }: { data: Record<string, unknown> }): React.ReactElement {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
