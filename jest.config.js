/**
 * Unit tests (tests/unit), API contract tests (tests/contract), fault tests
 * against the built server as a real process (tests/faults) and tests against
 * a real PostgreSQL (tests/postgres), in TypeScript through ts-jest.
 * globalSetup compiles the server into dist/ and starts one PostgreSQL once per
 * run (TEST_DATABASE_URL for the workers); globalTeardown stops it. Jest runs
 * a global set-up module once however many projects name it.
 *
 * Three projects, each named in the output:
 * - "unit": tests/unit, tests/faults and tests/postgres;
 * - "contract sqlite": every contract test, on the SQLite store (the default);
 * - "contract postgres": the store-independent contract files again, on the
 *   PostgreSQL store (CONTRACT_STORE=postgres, tests/contract/postgres-store.ts).
 *   The contract files that test the SQLite store's own files (its uploads/
 *   folder, outbox file, privacy clean-up on disk) and those that never reach
 *   the store stay SQLite-only.
 */
const shared = {
  testEnvironment: "node",
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
  globalSetup: "<rootDir>/tests/support/global-setup.ts",
  globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
  // Tests of tests/faults start processes and wait on real timers: a longer timeout there.
  setupFilesAfterEnv: ["<rootDir>/tests/faults/timeout.ts"],
};

/** The contract files that run on both stores: they check what is stored only through the store-independent probe of tests/contract/helpers.ts. */
const STORE_INDEPENDENT = ["client", "contract-docs", "errors", "hardening", "health", "idempotency", "json-forms", "multipart-forms", "quote-request", "text-rules"];

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      roots: ["<rootDir>/tests/unit", "<rootDir>/tests/faults", "<rootDir>/tests/postgres"],
    },
    {
      ...shared,
      displayName: "contract sqlite",
      roots: ["<rootDir>/tests/contract"],
    },
    {
      ...shared,
      displayName: "contract postgres",
      roots: ["<rootDir>/tests/contract"],
      testMatch: STORE_INDEPENDENT.map((name) => `**/tests/contract/${name}.test.ts`),
      setupFiles: ["<rootDir>/tests/contract/postgres-store.ts"],
    },
  ],
};
