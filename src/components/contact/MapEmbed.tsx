import React, { useEffect, useRef, useState } from "react";
import type { ImageDataLike } from "gatsby-plugin-image";
import { Picture, imageOf } from "../Picture";
import { mapEmbedUrl } from "../../shared/utils/map";
import { Icon } from "../Icon";
import * as styles from "./MapEmbed.module.css";

interface MapEmbedProps {
  /** The place to show (company.address.mapQuery). */
  query: string;
  image: ImageDataLike;
  imageAlt: string;
  buttonLabel: string;
  iframeTitle: string;
}

/**
 * The embedded map, loaded only on request: until the visitor presses the
 * button a drawn picture stands in its place, so no request goes to the map
 * provider. The iframe takes exactly the picture's box, so nothing shifts.
 */
export function MapEmbed({ query, image, imageAlt, buttonLabel, iframeTitle }: MapEmbedProps): React.ReactElement {
  const [shown, setShown] = useState(false);
  // The button works once React has taken over the static page.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const frame = useRef<HTMLIFrameElement>(null);
  const picture = imageOf(image);

  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);

  return (
    <div className={styles.frame} data-testid="map" data-hydrated={hydrated}>
      {shown ? (
        <iframe
          ref={frame}
          className={styles.fill}
          src={mapEmbedUrl(query)}
          title={iframeTitle}
          loading="lazy"
          allowFullScreen
        />
      ) : (
        <div className={styles.fill} data-testid="map-placeholder">
          {picture && (
            <Picture image={picture} alt={imageAlt} className={styles.image} style={{ width: "100%", height: "100%" }} objectFit="cover" />
          )}
          <button type="button" className={`btn btn-dark ${styles.show}`} onClick={() => setShown(true)}>
            <Icon name="location" size={20} />
            {buttonLabel}
          </button>
        </div>
      )}
    </div>
  );
}
