import type { SearchRecord } from "./config";
import { productImageUrl } from "../utils/gallery";

/** The card image of a result: the small WebP made at build time, else the product's PNG. */
export function resultImage(record: SearchRecord): { src: string; width: number; height: number } | null {
  if (record.image) return record.image;
  if (record.imageIds.length === 0) return null;
  return { src: productImageUrl(record.imageIds[0]), width: 800, height: 600 };
}
