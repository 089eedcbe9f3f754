/**
 * The jest tests, in TypeScript through ts-jest, in six projects by what
 * they need (each named in the output; `--selectProjects <name>` runs one):
 *
 * - "unit" (tests/unit): code in process only. No database (no SQLite file
 *   either), no compilation, no child process, no server: no global set-up.
 * - "integration" (tests/integration): supertest against the real app on the
 *   SQLite store (contract/), the PostgreSQL store, migrations and rate limit
 *   against a real PostgreSQL (postgres/), SQLite files (sqlite/), and the
 *   project's scripts run as child processes or type-checked output (tools/).
 * - "integration postgres": the store-independent files of
 *   tests/integration/contract again, on the PostgreSQL store
 *   (CONTRACT_STORE=postgres, testkit/jest/postgres-store.ts). The contract
 *   files that test the SQLite store's own files (its uploads/ folder, outbox
 *   file, privacy clean-up on disk) and those that never reach the store stay
 *   SQLite-only.
 * - "faults" (tests/faults): the compiled server as real processes (killed,
 *   restarted, several instances on one database), a real SMTP peer, the
 *   conformance suite and the client package against a running server.
 * - "release" (tests/release): the release (npm run release:pack) packed,
 *   unpacked outside the repository and run from there: its contents and
 *   bin/ scripts, and production.test.ts runs it as production does
 *   (PostgreSQL, bin/migrate, two instances, Debian's nginx with a self-signed
 *   certificate, an SMTP peer, Chromium over https: testkit/release-stack.cjs).
 *   Needs the site built (public/); compiles the server like "faults".
 * - "content" (tests/content/*.test.ts): content changes as an editor makes
 *   them, on a copy of the repository. The content editor (/admin, Decap CMS)
 *   in Chromium against its local backend (decap-server; testkit/cms-editor.cjs,
 *   testkit/content-repo.ts): edits change the data files as expected and
 *   nothing else. The build test (testkit/content-site.cjs): the edit
 *   touches data/ only, the copy is built (`npm run build`) and served by its
 *   own compiled server, and the built site shows the change: one build,
 *   minutes rather than seconds.
 *
 * Global set-up only where it is needed: the integration projects start ONE
 * PostgreSQL per run (TEST_DATABASE_URL for the workers,
 * testkit/jest/postgres-setup.ts); "faults" also compiles the server into
 * dist/ first (testkit/jest/faults-setup.ts). Jest runs a set-up module only
 * for the projects selected, and once however many projects name it.
 */
const os = require("os");

const shared = {
  testEnvironment: "node",
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
};

const postgres = {
  globalSetup: "<rootDir>/testkit/jest/postgres-setup.ts",
  globalTeardown: "<rootDir>/testkit/jest/postgres-teardown.ts",
};

/** The contract files that run on both stores: they check what is stored only through the store-independent probe of testkit/contract-app.ts. */
const STORE_INDEPENDENT = ["arabic-digits", "arabic-leads", "attribution", "client", "contract-docs", "errors", "export", "hardening", "health", "idempotency", "json-forms", "multipart-forms", "quote-request", "spam", "spam-upkeep", "text-rules", "upload-limits", "webhooks"];

module.exports = {
  // Jest's default is one worker fewer than the cores: one worker on a 2-core machine. The integration and
  // faults files wait on databases, processes and sockets much of the time, so two share 2 cores well.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  projects: [
    {
      ...shared,
      displayName: "unit",
      roots: ["<rootDir>/tests/unit"],
    },
    {
      ...shared,
      ...postgres,
      displayName: "integration",
      roots: ["<rootDir>/tests/integration"],
      setupFilesAfterEnv: ["<rootDir>/testkit/jest/integration-timeout.ts"],
    },
    {
      ...shared,
      ...postgres,
      displayName: "integration postgres",
      roots: ["<rootDir>/tests/integration/contract"],
      testMatch: STORE_INDEPENDENT.map((name) => `**/tests/integration/contract/${name}.test.ts`),
      setupFiles: ["<rootDir>/testkit/jest/postgres-store.ts"],
      setupFilesAfterEnv: ["<rootDir>/testkit/jest/integration-timeout.ts"],
    },
    {
      ...shared,
      displayName: "faults",
      roots: ["<rootDir>/tests/faults"],
      globalSetup: "<rootDir>/testkit/jest/faults-setup.ts",
      globalTeardown: "<rootDir>/testkit/jest/postgres-teardown.ts",
      setupFilesAfterEnv: ["<rootDir>/testkit/jest/long-timeout.ts"],
    },
    {
      ...shared,
      displayName: "release",
      roots: ["<rootDir>/tests/release"],
      globalSetup: "<rootDir>/testkit/jest/compile-server.ts",
      setupFilesAfterEnv: ["<rootDir>/testkit/jest/long-timeout.ts"],
    },
    {
      ...shared,
      displayName: "content",
      roots: ["<rootDir>/tests/content"],
      testMatch: ["<rootDir>/tests/content/*.test.ts"],
      setupFilesAfterEnv: ["<rootDir>/testkit/jest/long-timeout.ts"],
    },
  ],
};
