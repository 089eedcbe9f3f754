import { useEffect, useState } from "react";
import { readItems, subscribe, type EnquiryItem } from "./store";

/**
 * The enquiry list, kept current (changes in this tab and in others). Empty
 * during the server render and the first client render, so the static HTML
 * and hydration agree; read from storage right after.
 */
export function useEnquiryItems(): EnquiryItem[] {
  const [items, setItems] = useState<EnquiryItem[]>([]);
  useEffect(() => {
    setItems(readItems());
    return subscribe(setItems);
  }, []);
  return items;
}
