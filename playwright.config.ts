import { defineConfig, devices } from "@playwright/test";
import os from "os";
import path from "path";

/**
 * Browser tests against the production build served by the real server
 * (run `npm run build` first; `npm test` does). Chromium is the system's
 * headless shell (Debian's chromium-headless-shell, or CHROMIUM_PATH):
 * nothing downloads a browser. The headless shell is the browser Playwright
 * itself runs headless tests on: the same Blink and V8 as Chromium, without
 * the browser's own interface, which Chromium's headless mode still loads for
 * every window (its omnibox pop-up among them), and which costs a 2-core
 * machine much of its processor time.
 */
const PORT = Number(process.env.E2E_PORT ?? 8765);
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
/** Submissions made by the browser tests go to a throw-away data directory. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${PORT}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Deadlines, not waits: a test of several page loads takes up to 20 s on a quiet 2-core machine,
  // and about twice that with one core kept busy by another process.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records a snapshot of the page at every action, and a screencast: taken in every test, it cost about a
    // third of the suite's time on a busy machine. In CI a failing test is retried (above) with a trace, which
    // test-results/ keeps; elsewhere `npx playwright test --trace on` records one.
    trace: "on-first-retry",
    // The site's service worker (src/offline/) is a subject of its own specs, which allow it (offline*.spec.ts,
    // and routes.spec.ts and page-weight.spec.ts, which load pages as visitors get them); elsewhere it would precache the build
    // behind every test's back and answer requests a test routes itself.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: "node dist/server/index.js",
    url: `http://127.0.0.1:${PORT}/`,
    // The form tests submit many times from one address: a rate limit of 20 a minute would refuse them.
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, RATE_LIMIT_MAX: "10000" },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
