/**
 * Unit tests (tests/unit), API contract tests (tests/contract) and fault tests
 * against the built server as a real process (tests/faults), in TypeScript
 * through ts-jest. globalSetup compiles the server into dist/ once per run.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/unit", "<rootDir>/tests/contract", "<rootDir>/tests/faults"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
  globalSetup: "<rootDir>/tests/faults/global-setup.ts",
  // Tests of tests/faults start processes and wait on real timers: a longer timeout there.
  setupFilesAfterEnv: ["<rootDir>/tests/faults/timeout.ts"],
};
