import React from "react";

interface SvgProps {
  size?: number;
  /** Text for screen readers; without it the icon is decorative. */
  title?: string;
  className?: string;
  children: React.ReactNode;
}

/** A 24×24 inline SVG icon, decorative unless it has a title. */
export function Svg({ size = 24, title, className, children }: SvgProps): React.ReactElement {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      {children}
    </svg>
  );
}
