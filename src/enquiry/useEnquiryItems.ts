import { useEffect, useState } from "react";
import { readItems, subscribe, type EnquiryItem } from "./store";

/**
 * The enquiry list, kept current (changes in this tab and in others). Empty
 * during the server render and the first client render, so the static HTML
 * and hydration agree; read from storage right after.
 */
export function useEnquiryItems(): { items: EnquiryItem[]; loaded: boolean } {
  const [state, setState] = useState<{ items: EnquiryItem[]; loaded: boolean }>({ items: [], loaded: false });
  useEffect(() => {
    setState({ items: readItems(), loaded: true });
    return subscribe((items) => setState({ items, loaded: true }));
  }, []);
  return state;
}
