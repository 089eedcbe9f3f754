import React, { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Icon } from "../Icon";
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_GAP_PX,
  CAROUSEL_TRANSITION_MS,
  CAROUSEL_VISIBLE,
  CAROUSEL_BREAKPOINTS,
  type HiddenSide,
  canScroll,
  isInView,
  nextIndex,
  prevIndex,
  sideAfter,
  sideBefore,
  slideLabel,
  slidePosition,
  visibleCountForWidth,
} from "../../utils/carousel";
import * as styles from "./TestimonialCarousel.module.css";

/** A customer's review: the text, the reviewer's role title (never a person's name) and company. */
export interface Testimonial {
  review: string;
  /** A role title, never a person's name. */
  name: string;
  company: string;
}

export interface CarouselLabels {
  /** Accessible name of the carousel region. */
  region: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** e.g. "{current} of {total}". */
  slide: string;
}

interface TestimonialCarouselProps {
  testimonials: Testimonial[];
  labels: CarouselLabels;
}

interface View {
  /** The first slide in view. */
  index: number;
  /** Where the slides out of view wait. */
  side: HiddenSide;
  /** True for the one render that moves hidden slides to the other side without animation. */
  instant: boolean;
}

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** How many slides fit at the current viewport width, following the CSS breakpoints. */
function useVisibleCount(count: number): number {
  const [visible, setVisible] = useState(Math.min(CAROUSEL_VISIBLE, count));
  useEffect(() => {
    const queries = CAROUSEL_BREAKPOINTS.filter((b) => b.minWidth > 0).map((b) => window.matchMedia(`(min-width: ${b.minWidth}px)`));
    const update = () => setVisible(visibleCountForWidth(window.innerWidth, count));
    update();
    queries.forEach((q) => q.addEventListener("change", update));
    return () => queries.forEach((q) => q.removeEventListener("change", update));
  }, [count]);
  return visible;
}

/**
 * The testimonial carousel: 3 slides in view on large screens
 * (2 on medium, 1 on small), moving one slide at a time every 2000 ms with a
 * 20 px gap, round and round; hovering does not stop it. A visible button
 * pauses and resumes it, previous / next buttons move it by hand, and it
 * never starts by itself under prefers-reduced-motion. Rotation also rests
 * while keyboard focus is inside it (WAI-ARIA carousel pattern).
 *
 * Every slide is a grid item in the same cell, placed with a CSS transform on
 * its slot (see slidePosition); slides out of view are hidden from sight,
 * focus and assistive technology.
 */
export function TestimonialCarousel({ testimonials, labels }: TestimonialCarouselProps): React.ReactElement {
  const count = testimonials.length;
  const visible = useVisibleCount(count);
  const movable = canScroll(count, visible);
  const slidesId = useId();
  const track = useRef<HTMLDivElement>(null);
  const pending = useRef<View | null>(null);

  const [view, setView] = useState<View>({ index: 0, side: "right", instant: false });
  /** The visitor's choice (or the reduced-motion default): rotate or not. */
  const [playing, setPlaying] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  /** Bumped on every manual move, so the next automatic step waits a full interval. */
  const [manualMoves, setManualMoves] = useState(0);

  useEffect(() => {
    setHydrated(true);
    const query = window.matchMedia(REDUCED_MOTION);
    if (query.matches) setPlaying(false);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) setPlaying(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const go = useCallback(
    (direction: 1 | -1) => {
      setView((current) => {
        const target: View = {
          index: direction === 1 ? nextIndex(current.index, count) : prevIndex(current.index, count),
          side: sideAfter(direction),
          instant: false,
        };
        if (current.side === sideBefore(direction)) return target;
        // First move the hidden slides, unseen and without animation, to the side
        // the next slide comes in from; the layout effect below then makes the move.
        pending.current = target;
        return { index: current.index, side: sideBefore(direction), instant: true };
      });
    },
    [count],
  );

  useIsomorphicLayoutEffect(() => {
    if (!view.instant) return;
    // Apply the unanimated positions before the animated ones are set.
    void track.current?.getBoundingClientRect();
    const target = pending.current;
    pending.current = null;
    if (target) setView(target);
  }, [view]);

  const rotating = hydrated && playing && movable && !keyboardInside;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => go(1), CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [rotating, go, manualMoves]);

  const move = (direction: 1 | -1) => {
    go(direction);
    setManualMoves((n) => n + 1);
  };

  const onFocus = (e: React.FocusEvent<HTMLElement>) => {
    if (e.target.matches(":focus-visible")) setKeyboardInside(true);
  };
  const onBlur = (e: React.FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardInside(false);
  };

  const style = {
    "--carousel-gap": `${CAROUSEL_GAP_PX}px`,
    "--carousel-duration": `${CAROUSEL_TRANSITION_MS}ms`,
  } as React.CSSProperties;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={labels.region}
      data-autoplay={!hydrated ? "pending" : rotating ? "running" : "paused"}
      data-index={view.index}
      style={style}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? labels.pause : labels.play}
          disabled={!movable}
        >
          <Icon name={playing ? "pause" : "play"} size={20} />
        </button>
        <button type="button" className={styles.control} onClick={() => move(-1)} aria-label={labels.previous} aria-controls={slidesId} disabled={!movable}>
          <Icon name="chevronLeft" size={22} />
        </button>
        <button type="button" className={styles.control} onClick={() => move(1)} aria-label={labels.next} aria-controls={slidesId} disabled={!movable}>
          <Icon name="chevronRight" size={22} />
        </button>
      </div>

      <div className={styles.viewport}>
        <div
          id={slidesId}
          ref={track}
          className={styles.track}
          data-instant={view.instant}
          aria-live={rotating ? "off" : "polite"}
        >
          {testimonials.map((t, i) => {
            const shown = isInView(i, view.index, count, visible);
            const slot = slidePosition(i, view.index, count, visible, view.side);
            return (
              <div
                key={`${t.name}-${t.company}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(labels.slide, i, count)}
                aria-hidden={!shown}
                data-in-view={shown}
                style={{ "--carousel-slot": slot } as React.CSSProperties}
                {...(shown ? {} : { inert: "" })}
              >
                <figure className={styles.card}>
                  <svg className={styles.quote} width="36" height="28" viewBox="0 0 36 28" aria-hidden="true" focusable="false">
                    <path d="M0 28V16C0 7 5 1.5 14 0l1.6 4C10.4 5.6 8 8.6 8 13h6v15H0Zm20 0V16c0-9 5-14.5 14-16l1.6 4C30.4 5.6 28 8.6 28 13h6v15H20Z" />
                  </svg>
                  <blockquote className={styles.review}>
                    <p>{t.review}</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <span className={styles.name}>{t.name}</span>
                    <span className={styles.company}>{t.company}</span>
                  </figcaption>
                </figure>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
