// ESLint 9 flat config, run by `npm test` (scripts/test.mjs) and `npm run lint`: the recommended
// JavaScript, TypeScript, React, hooks and accessibility rules. Layout is Prettier's job
// (.prettierrc.json), so no rule here is about it. Every rule switched off or softened says why.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "public/fonts/",
      "public/sw.js",
      ".cache/",
      "data/",
      "node_modules/",
      "test-results/",
      "tests/e2e/screens/",
      "tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The classic rules of hooks. The React Compiler's rules of react-hooks 7 (purity, refs,
      // set-state-in-effect...) are left out: the app does not use the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // TypeScript checks props; propTypes would repeat the types.
      "react/prop-types": "off",
      // Customers upload their own videos (attachments); there is no caption file to offer.
      "jsx-a11y/media-has-caption": "off",
      // Prettier owns line breaks and puts a chained `[format]()` on its own line; this rule reads
      // that as a mistake (eslint-config-prettier turns it off for the same reason).
      "no-unexpected-multiline": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      // A `_` name marks a value left out on purpose (`const { password: _password, ...user } = row`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Return addresses and header values are checked for control characters on purpose
      // (app/sessions.server.ts): a control character in a pattern there is meant.
      "no-control-regex": "off",
    },
  },
  {
    files: ["tests/**", "bench/**"],
    rules: {
      // `useTestDatabase` and the like are vitest set-up helpers, not React hooks.
      "react-hooks/rules-of-hooks": "off",
      // Tests build malformed inputs and reach into untyped answers on purpose.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // A combobox: the keys (arrows, Enter, Escape) are handled by the input that keeps the focus
    // (aria-activedescendant); a click on an option is the pointer's way to the same thing.
    files: ["app/components/place-search-field.tsx"],
    rules: { "jsx-a11y/click-events-have-key-events": "off" },
  },
  {
    // Unused names found when the gate was added, left to the files' owners while they are being
    // reshaped (issue 12): warned, not failed. Remove a line once its file is clean.
    files: ["tests/integration/request-size.test.ts"],
    rules: { "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] },
  },
);
