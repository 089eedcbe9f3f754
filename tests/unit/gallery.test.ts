import {
  FIRST_IMAGE_ID,
  GALLERY_FADE_MS,
  LAST_IMAGE_ID,
  chooseImage,
  fadeDelay,
  galleryIdsFor,
  galleryImageIds,
  initialGalleryState,
  isFading,
  isImageId,
  productImagePath,
  productImageUrl,
  resolveGalleryProduct,
  settleImage,
  thumbnailLabel,
  type GalleryProduct,
} from "../../src/shared/utils/gallery";
import { fill } from "../../src/shared/utils/template";

const products: GalleryProduct[] = [
  { slug: "top-loading-arms", imageIds: [48, 49] },
  { slug: "torque-pump", imageIds: [9, 10] },
  { slug: "no-images", imageIds: [] },
];

describe("gallery constants", () => {
  it("are a 200 ms fade and image ids 1 to 59", () => {
    expect(GALLERY_FADE_MS).toBe(200);
    expect(FIRST_IMAGE_ID).toBe(1);
    expect(LAST_IMAGE_ID).toBe(59);
  });

  it("names an image file by its id with the .png extension", () => {
    expect(productImagePath(48)).toBe("products/48.png");
    expect(productImagePath(1)).toBe("products/1.png");
    expect(productImageUrl(48)).toBe("/assets/images/48.png");
  });

  it.each([
    [1, true],
    [59, true],
    [0, false],
    [60, false],
    [2.5, false],
  ])("isImageId(%p) is %p", (id, expected) => {
    expect(isImageId(id)).toBe(expected);
  });
});

describe("resolveGalleryProduct", () => {
  it("finds the product named by the slug", () => {
    expect(resolveGalleryProduct("torque-pump", products, "top-loading-arms")?.slug).toBe("torque-pump");
  });

  it.each([[""], ["   "], [null], [undefined], ["no-such-product"]])(
    "falls back to the default product when the slug is %p",
    (slug) => {
      expect(resolveGalleryProduct(slug, products, "top-loading-arms")).toEqual({ slug: "top-loading-arms", imageIds: [48, 49] });
    },
  );

  it("finds nothing when neither the slug nor the default product exists", () => {
    expect(resolveGalleryProduct("unknown", products, "also-unknown")).toBeNull();
    expect(resolveGalleryProduct("", [], "top-loading-arms")).toBeNull();
  });
});

describe("galleryImageIds", () => {
  it("keeps the product's order", () => {
    expect(galleryImageIds({ slug: "x", imageIds: [27, 28, 29] })).toEqual([27, 28, 29]);
  });

  it("drops duplicates and ids outside 1 to 59", () => {
    expect(galleryImageIds({ slug: "x", imageIds: [0, 3, 3, 60, 1] })).toEqual([3, 1]);
  });

  it("is empty for no product or a product without images (the page then says no product was found)", () => {
    expect(galleryImageIds(null)).toEqual([]);
    expect(galleryImageIds(products[2])).toEqual([]);
  });
});

describe("galleryIdsFor", () => {
  it("gives a product page its own images, in order", () => {
    expect(galleryIdsFor("torque-pump", products, "top-loading-arms")).toEqual([9, 10]);
  });

  it("falls back to the default product's images for an empty or unknown slug", () => {
    expect(galleryIdsFor("", products, "top-loading-arms")).toEqual([48, 49]);
    expect(galleryIdsFor("nothing-here", products, "top-loading-arms")).toEqual([48, 49]);
  });

  it("is empty for a product without images, and when even the default is missing", () => {
    expect(galleryIdsFor("no-images", products, "top-loading-arms")).toEqual([]);
    expect(galleryIdsFor(undefined, products, "gone")).toEqual([]);
  });
});

describe("labels", () => {
  it("fills a thumbnail label from its 0-based position", () => {
    expect(thumbnailLabel("Show image {n} of {count}", 1, 3)).toBe("Show image 2 of 3");
    expect(thumbnailLabel("Show image {n} of {count}", 0, 2)).toBe("Show image 1 of 2");
  });

  it("leaves unknown placeholders as they are", () => {
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});

describe("gallery state", () => {
  it("presses the chosen thumbnail at once and shows its image only once settled", () => {
    const chosen = chooseImage(initialGalleryState, 1, 3);
    expect(chosen).toEqual({ shown: 0, chosen: 1 });
    expect(isFading(chosen)).toBe(true);
    const settled = settleImage(chosen);
    expect(settled).toEqual({ shown: 1, chosen: 1 });
    expect(isFading(settled)).toBe(false);
  });

  it("ignores a click outside the images", () => {
    expect(chooseImage(initialGalleryState, 3, 3)).toBe(initialGalleryState);
    expect(chooseImage(initialGalleryState, -1, 3)).toBe(initialGalleryState);
    expect(chooseImage(initialGalleryState, 0, 0)).toBe(initialGalleryState);
  });

  it("a second click during the fade wins", () => {
    const s = chooseImage(chooseImage(initialGalleryState, 1, 3), 2, 3);
    expect(settleImage(s)).toEqual({ shown: 2, chosen: 2 });
  });

  it("choosing the image already shown does not fade", () => {
    expect(isFading(chooseImage(initialGalleryState, 0, 3))).toBe(false);
    expect(settleImage(initialGalleryState)).toBe(initialGalleryState);
  });

  it("waits the fade delay, or nothing under reduced motion", () => {
    expect(fadeDelay(false)).toBe(200);
    expect(fadeDelay(true)).toBe(0);
  });
});
