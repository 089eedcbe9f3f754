/**
 * Unit tests (tests/unit), API contract tests (tests/contract), fault tests
 * against the built server as a real process (tests/faults) and tests against
 * a real PostgreSQL (tests/postgres), in TypeScript through ts-jest.
 * globalSetup compiles the server into dist/ and starts one PostgreSQL once per
 * run (TEST_DATABASE_URL for the workers); globalTeardown stops it.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/unit", "<rootDir>/tests/contract", "<rootDir>/tests/faults", "<rootDir>/tests/postgres"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
  globalSetup: "<rootDir>/tests/support/global-setup.ts",
  globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
  // Tests of tests/faults start processes and wait on real timers: a longer timeout there.
  setupFilesAfterEnv: ["<rootDir>/tests/faults/timeout.ts"],
};
