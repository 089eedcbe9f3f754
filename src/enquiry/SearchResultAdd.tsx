import React, { useEffect, useState } from "react";
import { AddToEnquiry } from "./AddToEnquiry";

/**
 * "Add to enquiry" on a search result. The results may come rendered by the
 * server (without it): the button appears once the page runs, in the box the
 * card keeps for it, so hydration matches the served HTML.
 */
export function SearchResultAdd({ slug, name }: { slug: string; name: string }): React.ReactElement | null {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <AddToEnquiry product={slug} name={name} compact /> : null;
}
