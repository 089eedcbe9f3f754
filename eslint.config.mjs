import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  { ignores: ["node_modules", "public", ".cache", "dist", "generated", "test-results", "playwright-report", "release", "src/contract/schema.d.ts", "packages/*/dist", "packages/forms-api-client/src/schema.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS modules (shared by .mjs scripts and TypeScript tests, and jest's configuration) load with require().
    files: ["**/*.cjs", "jest.config.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The server runs only code of its own and code both sides share (src/shared/, the contract's types and rules):
    // never the site's browser code, which may change for the pages' sake alone.
    files: ["server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)src/(forms|components|pages|templates|offline)(/|$)",
              message: "The server imports nothing of the site's browser code: move what both sides run to src/shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts", "testkit/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
