import type { Migration } from "./index";

/**
 * Version 7 is taken by a change developed beside this one (issue 22); this
 * stand-in keeps the versions without a gap until that migration lands, and
 * is then replaced by it. It changes nothing.
 */
export const reserved7: Migration = {
  version: 7,
  name: "007-reserved",
  up() {},
};
