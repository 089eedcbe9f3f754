import React, { useEffect, useRef, useState } from "react";
import { Icon } from "./Icon";
import { mainImageAttributes } from "../shared/utils/main-image";
import { coverSizes, posterSrcSet } from "../utils/poster";
import * as styles from "./BackgroundVideo.module.css";

export interface VideoSource {
  /**
   * Where the video is served, e.g. "/videos/hero" (".webm", ".mp4", "-poster.jpg" and the poster's "-poster-<width>.webp"
   * copies are added): the drawn video under static/, or the company's own, published by the build (gatsby-node.ts).
   */
  base: string;
  width: number;
  height: number;
  /** The formats it is published in ("webm", "mp4"), in the order the browser tries them. */
  formats: string[];
}

interface BackgroundVideoProps {
  desktop: VideoSource;
  /** A portrait version for narrow screens. */
  mobile?: VideoSource;
  /** Below this width the mobile version plays. */
  mobileMaxWidth?: number;
  className?: string;
  /** Accessible names of the pause / play control. */
  pauseLabel?: string;
  playLabel?: string;
}

interface NetworkInformationLike {
  saveData?: boolean;
}

function motionAllowed(): boolean {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const saveData = (navigator as Navigator & { connection?: NetworkInformationLike }).connection?.saveData === true;
  return !reduced && !saveData;
}

/**
 * A decorative, muted, looping background video. The poster is an ordinary
 * image painted first (it is in the static HTML); the video is attached only
 * after the page has loaded, and never under prefers-reduced-motion or
 * Save-Data, where the poster stays. A visible control pauses it.
 */
export function BackgroundVideo({
  desktop,
  mobile,
  mobileMaxWidth = 767,
  className,
  pauseLabel = "Pause background video",
  playLabel = "Play background video",
}: BackgroundVideoProps): React.ReactElement {
  const video = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState<VideoSource | null>(null);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!motionAllowed()) return;
    const narrow = mobile && window.matchMedia(`(max-width: ${mobileMaxWidth}px)`).matches;
    setSource(narrow ? mobile : desktop);
  }, [desktop, mobile, mobileMaxWidth]);

  useEffect(() => {
    const el = video.current;
    if (!el || !source) return;
    el.load();
    el.play().catch(() => setPlaying(false));
  }, [source]);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) {
      void el.play();
      setPaused(false);
    } else {
      el.pause();
      setPaused(true);
    }
  };

  return (
    <div className={`${styles.wrap} ${className ?? ""}`}>
      <picture>
        {mobile && (
          <>
            <source
              media={`(max-width: ${mobileMaxWidth}px)`}
              type="image/webp"
              srcSet={posterSrcSet(mobile)}
              sizes={coverSizes(mobile)}
              width={mobile.width}
              height={mobile.height}
            />
            <source media={`(max-width: ${mobileMaxWidth}px)`} srcSet={`${mobile.base}-poster.jpg`} width={mobile.width} height={mobile.height} />
          </>
        )}
        <source type="image/webp" srcSet={posterSrcSet(desktop)} sizes={coverSizes(desktop)} />
        <img
          className={styles.media}
          src={`${desktop.base}-poster.jpg`}
          width={desktop.width}
          height={desktop.height}
          alt=""
          fetchPriority="high"
          {...mainImageAttributes}
        />
      </picture>
      {source && (
        <video
          ref={video}
          className={styles.media}
          data-playing={playing}
          muted
          loop
          playsInline
          autoPlay
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          width={source.width}
          height={source.height}
          onPlaying={() => setPlaying(true)}
        >
          {source.formats.map((format) => (
            <source key={format} src={`${source.base}.${format}`} type={`video/${format}`} />
          ))}
        </video>
      )}
      {source && (
        <button type="button" className={styles.control} onClick={toggle} aria-label={paused ? playLabel : pauseLabel}>
          <Icon name={paused ? "play" : "pause"} size={18} />
        </button>
      )}
    </div>
  );
}
