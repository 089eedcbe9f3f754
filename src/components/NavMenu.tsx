import React, { useEffect, useId, useRef, useState } from "react";
import { Link } from "../i18n/Link";
import type { NavLinkData } from "../hooks/useSiteData";
import { Icon } from "./Icon";
import * as styles from "./NavMenu.module.css";

interface NavMenuProps {
  label: string;
  items: NavLinkData[];
  /** Open on pointer hover as well as on click (desktop header). */
  hover?: boolean;
}

/**
 * A dropdown of links following the disclosure-navigation pattern: the button
 * toggles the list (Enter, Space or click), ArrowDown opens it and moves into
 * it, arrow keys move between links, Escape closes it and returns focus to
 * the button, and moving focus or clicking elsewhere closes it.
 */
/** Hover-to-open applies only where the menu is a dropdown (wide screens with a mouse; the width is Header.module.css's). */
function canHover(): boolean {
  return window.matchMedia("(hover: hover) and (min-width: 1280px)").matches;
}

export function NavMenu({ label, items, hover = false }: NavMenuProps): React.ReactElement {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);

  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length].focus();
  };

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusLink(0));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusLink(-1));
    }
  };

  const onListKeyDown = (event: React.KeyboardEvent) => {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      focusLink(current + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusLink(current - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusLink(-1);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  const onBlur = (event: React.FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    // The list item only delegates keys and focus for the button and links inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={root}
      className={styles.menu}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={hover ? (e) => e.pointerType === "mouse" && canHover() && setOpen(true) : undefined}
      onPointerLeave={hover ? (e) => e.pointerType === "mouse" && canHover() && setOpen(false) : undefined}
      data-open={open || undefined}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <Icon name="chevronDown" size={18} className={styles.chevron} />
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move between the links */}
      <ul id={listId} className={styles.list} hidden={!open} onKeyDown={onListKeyDown}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.link} activeClassName={styles.active} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
