import { coverSizes, posterSrcSet } from "../../src/utils/poster";

describe("posterSrcSet", () => {
  it("lists the smaller copies and one at the poster's own width", () => {
    expect(posterSrcSet({ base: "/videos/hero", width: 1280 })).toBe(
      "/videos/hero-poster-480.webp 480w, /videos/hero-poster-768.webp 768w, /videos/hero-poster-1280.webp 1280w",
    );
  });

  it("leaves out the widths a narrow poster does not reach", () => {
    expect(posterSrcSet({ base: "/videos/trainings-mobile", width: 540 })).toBe(
      "/videos/trainings-mobile-poster-480.webp 480w, /videos/trainings-mobile-poster-540.webp 540w",
    );
  });
});

describe("coverSizes", () => {
  it("is the screen's width, or the poster's width at the screen's height when that is more", () => {
    expect(coverSizes({ width: 1280, height: 720 })).toBe("max(100vw, 178vh)");
    expect(coverSizes({ width: 540, height: 960 })).toBe("max(100vw, 57vh)");
  });
});
