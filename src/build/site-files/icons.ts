import fs from "fs";
import path from "path";

/**
 * An .ico file holding one PNG image (the format every browser since 2007
 * reads): 6-byte header, one 16-byte directory entry, then the PNG as is.
 */
export function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
  entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8); // image size
  entry.writeUInt32LE(header.length + entry.length, 12); // image offset
  return Buffer.concat([header, entry, png]);
}

/**
 * The site-wide files made from generated/images/site/: the social card
 * (og-card.png), /favicon.ico (browsers and crawlers ask for it even when the
 * page names /favicon.svg) and /apple-touch-icon.png.
 */
export function writeSiteImages(generatedSiteDir: string, publicDir: string): void {
  fs.copyFileSync(path.join(generatedSiteDir, "og-card.png"), path.join(publicDir, "og-card.png"));
  fs.copyFileSync(path.join(generatedSiteDir, "icon-180.png"), path.join(publicDir, "apple-touch-icon.png"));
  fs.writeFileSync(path.join(publicDir, "favicon.ico"), pngToIco(fs.readFileSync(path.join(generatedSiteDir, "icon-32.png")), 32));
}
