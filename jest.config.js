/** Unit tests (tests/unit) and API contract tests (tests/contract), in TypeScript through ts-jest. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/unit", "<rootDir>/tests/contract"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
};
