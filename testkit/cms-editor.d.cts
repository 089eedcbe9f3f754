/** Types of testkit/cms-editor.cjs (the content editor driven in a Playwright page). */
import type { Page } from "playwright-core";

export interface RunningCms {
  /** The editor's address: http://127.0.0.1:<port>/admin/ */
  adminUrl: string;
  /** Ends the editor and its decap-server. */
  stop(): Promise<void>;
}

export interface CmsEdits {
  /** The first job opening's new title. */
  roleTitle: string;
  /** The news item added to the About page: its title, its text (summary) and the path of its picture to upload. */
  newsItem: { title: string; text: string; picture: string };
}

/** Starts the editor (decap-server, file-system mode) on a checkout of the site. */
export function startCms(root: string): Promise<RunningCms>;
/** Renames the first job opening and adds a news item with a picture; returns the files expected changed, relative to the checkout. */
export function editInCms(page: Page, adminUrl: string, edits: CmsEdits): Promise<string[]>;
/** Opens an entry and saves it back to what it was (one text field changed and saved, then changed back and saved). */
export function saveUnchanged(page: Page, adminUrl: string, collection: string, slug: string): Promise<void>;
