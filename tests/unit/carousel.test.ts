import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_GAP_PX,
  CAROUSEL_SCROLL,
  CAROUSEL_VISIBLE,
  canScroll,
  isInView,
  mod,
  nextIndex,
  prevIndex,
  sideAfter,
  sideBefore,
  slideLabel,
  slideOffset,
  slidePosition,
  visibleCountForWidth,
  visibleSlides,
} from "../../src/utils/carousel";

describe("carousel constants", () => {
  it("are 3 slides in view, 1 per step, every 2000 ms, 20 px apart", () => {
    expect(CAROUSEL_VISIBLE).toBe(3);
    expect(CAROUSEL_SCROLL).toBe(1);
    expect(CAROUSEL_AUTOPLAY_MS).toBe(2000);
    expect(CAROUSEL_GAP_PX).toBe(20);
  });
});

describe("mod", () => {
  it("is never negative", () => {
    expect(mod(-1, 4)).toBe(3);
    expect(mod(-5, 4)).toBe(3);
    expect(mod(4, 4)).toBe(0);
    expect(mod(6, 4)).toBe(2);
  });
});

describe("nextIndex / prevIndex", () => {
  it("step one slide at a time and wrap round", () => {
    expect([0, 1, 2, 3].map((i) => nextIndex(i, 4))).toEqual([1, 2, 3, 0]);
    expect([0, 1, 2, 3].map((i) => prevIndex(i, 4))).toEqual([3, 0, 1, 2]);
  });

  it("take other step sizes", () => {
    expect(nextIndex(3, 4, 2)).toBe(1);
    expect(prevIndex(0, 4, 3)).toBe(1);
  });

  it("are inverse of each other", () => {
    for (let i = 0; i < 4; i++) expect(prevIndex(nextIndex(i, 4), 4)).toBe(i);
  });

  it("stay at 0 with no slides", () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(prevIndex(0, 0)).toBe(0);
  });
});

describe("visibleCountForWidth", () => {
  it("shows 1 slide on small, 2 on medium and 3 on large screens", () => {
    expect(visibleCountForWidth(390)).toBe(1);
    expect(visibleCountForWidth(639)).toBe(1);
    expect(visibleCountForWidth(640)).toBe(2);
    expect(visibleCountForWidth(1023)).toBe(2);
    expect(visibleCountForWidth(1024)).toBe(3);
    expect(visibleCountForWidth(1280)).toBe(3);
    expect(visibleCountForWidth(2560)).toBe(3);
  });

  it("never shows more slides than there are", () => {
    expect(visibleCountForWidth(1280, 2)).toBe(2);
    expect(visibleCountForWidth(1280, 0)).toBe(1);
  });
});

describe("canScroll", () => {
  it("only when some slides are out of view", () => {
    expect(canScroll(4, 3)).toBe(true);
    expect(canScroll(3, 3)).toBe(false);
    expect(canScroll(2, 3)).toBe(false);
  });
});

describe("slides in view", () => {
  it("wrap round after the last slide", () => {
    expect(visibleSlides(0, 4, 3)).toEqual([0, 1, 2]);
    expect(visibleSlides(1, 4, 3)).toEqual([1, 2, 3]);
    expect(visibleSlides(2, 4, 3)).toEqual([2, 3, 0]);
    expect(visibleSlides(3, 4, 3)).toEqual([3, 0, 1]);
    expect(visibleSlides(3, 4, 1)).toEqual([3]);
    expect(visibleSlides(1, 2, 3)).toEqual([1, 0]);
  });

  it("agree with isInView and slideOffset", () => {
    for (let index = 0; index < 4; index++) {
      for (const visible of [1, 2, 3]) {
        const shown = visibleSlides(index, 4, visible);
        for (let slide = 0; slide < 4; slide++) {
          expect(isInView(slide, index, 4, visible)).toBe(shown.includes(slide));
          if (shown.includes(slide)) expect(slideOffset(slide, index, 4)).toBe(shown.indexOf(slide));
        }
      }
    }
  });
});

describe("slidePosition", () => {
  const count = 4;

  it("puts the slides in view on slots 0 .. visible-1 whichever side the others wait on", () => {
    for (const side of ["left", "right"] as const) {
      expect([2, 3, 0].map((s) => slidePosition(s, 2, count, 3, side))).toEqual([0, 1, 2]);
    }
  });

  it("puts hidden slides on the chosen side", () => {
    expect(slidePosition(1, 2, count, 3, "right")).toBe(3);
    expect(slidePosition(1, 2, count, 3, "left")).toBe(-1);
    expect([1, 2, 3].map((s) => slidePosition(s, 0, count, 1, "left"))).toEqual([-3, -2, -1]);
    expect([1, 2, 3].map((s) => slidePosition(s, 0, count, 1, "right"))).toEqual([1, 2, 3]);
  });

  it("moves every slide that is in view before or after a step by exactly one slot", () => {
    for (const visible of [1, 2, 3]) {
      for (let index = 0; index < count; index++) {
        for (const direction of [1, -1] as const) {
          const to = direction === 1 ? nextIndex(index, count) : prevIndex(index, count);
          for (let slide = 0; slide < count; slide++) {
            const shownBefore = isInView(slide, index, count, visible);
            const shownAfter = isInView(slide, to, count, visible);
            if (!shownBefore && !shownAfter) continue;
            const before = slidePosition(slide, index, count, visible, sideBefore(direction));
            const after = slidePosition(slide, to, count, visible, sideAfter(direction));
            expect(after - before).toBe(-direction);
          }
        }
      }
    }
  });
});

describe("slideLabel", () => {
  it("fills the template", () => {
    expect(slideLabel("{current} of {total}", 0, 4)).toBe("1 of 4");
    expect(slideLabel("{current} of {total}", 3, 4)).toBe("4 of 4");
  });
});
