// The house rules the code keeps (npm test runs `eslint .`): typescript-eslint's recommended
// rules, React's hooks rules, accessibility rules for JSX, and the import boundaries below.
import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Where a layer may not import from: a no-restricted-imports pattern matching the import's specifier. */
const never = (message, regex) => ({ regex, message });

/**
 * Imports run one way. The shared layers (settings, content, forms, helpers)
 * serve the browser and the server alike, so they import no server code
 * (types of the database's rows excepted: they are erased) and no React
 * components. Components import no server code. Server code imports no
 * components or routes. Routes are where the two meet.
 */
const serverCode = "^#server/";
const components = "^#app/components/";
const routes = "^#app/(routes/|root\\.|entry\\.)";
const componentsOrRoutes = `${components}|${routes}`;
const serverImportsNoComponents = never(
  "The server imports no components or routes: shared things live in app/forms, app/lib, app/content or app/config.",
  componentsOrRoutes,
);

/**
 * One import style, as Node resolves it: `#app/…`, `#server/…`, `#scripts/…`, `#tests/…`, `#bench/…`
 * (package.json `imports`) with the file's extension. React Router's generated `./+types/…` excepted.
 */
const importStyle = [
  {
    regex: "^(\\.{1,2}/(?!\\+types/)|~/)",
    message: "Import as #app/…, #server/…, #scripts/…, #tests/… or #bench/… (package.json imports).",
  },
  { regex: "^#(?!.*\\.(ts|tsx|js|json|css|svg|png|md|woff2)(\\?.*)?$)", message: "Name the file with its extension, as Node resolves it." },
  {
    // A script bundled for the page is a page script (app/before-react/README.md): its name says so.
    regex: "^(?!.*-page-script\\.ts\\?).*\\?(inline-script|script-file)$",
    message: "Only a page script (app/before-react/*-page-script.ts) is bundled for the page: name it so.",
  },
];

/**
 * The server's layers: what every feature stands on (docs/decisions/0051). A layer imports other
 * layers and the server's root modules (its log, settings, data directory, the services' types),
 * never a feature: a feature registers what it adds (an outbox channel, a lead's step) instead.
 */
const serverLayers = ["db", "http", "forms", "outbox", "mail", "captcha", "audit"];
const serverRoot = ["log", "data-dir", "env", "files", "core-services", "services"];
const importsNoFeature = (layer) =>
  never(
    `server/${layer} is a layer: it imports no feature (server/<feature>/ imports it, or registers with it).`,
    `^#server/(?!(${serverLayers.join("|")})/|(${serverRoot.join("|")})\\.ts$)`,
  );

/** Shared code (settings, content, forms, helpers, the before-React code) runs in the browser too. */
const sharedCode = [
  { ...never("Shared code runs in the browser too: no server code here (types are fine).", serverCode), allowTypeImports: true },
  never("Shared code imports no components or routes.", componentsOrRoutes),
];

/** The import rules of a layer: the one import style and the layer's own boundaries. */
const restrictedImports = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...importStyle, ...patterns] }],
});

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "public/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Non-null assertions are how the code says "the schema or the query guarantees this".
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The rules of hooks. The plugin's React Compiler rules are left out: the site does not use the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // A choice's text sits in a span of its own inside the label (the booking picker's faces).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // Tests read the page's own globals in the browser (window.__reactRouterRouteModules and the like).
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // A test that asserts nothing cannot fail: every test calls expect, or a helper that does (named
    // expect…, or below: a refused post's status and message; a wait that fails the test when it times out).
    files: ["tests/**/*.test.{ts,tsx}"],
    plugins: { vitest },
    rules: {
      "vitest/expect-expect": [
        "error",
        { assertFunctionNames: ["expect", "expect*", "assert", "refused", "bannerShown", "page.waitForURL"] },
      ],
    },
  },
  { files: ["**/*.{ts,tsx,js}"], rules: restrictedImports() },
  {
    files: ["app/config/**", "app/content/**", "app/forms/**", "app/lib/**", "app/before-react/**"],
    rules: restrictedImports(...sharedCode),
  },
  {
    // A page script runs before React, or without it: nothing it imports may bring React.
    files: ["app/before-react/*-page-script.ts"],
    rules: restrictedImports(
      ...sharedCode,
      never(
        "A page script runs before React (app/before-react/README.md): it imports no React, no .tsx and no component.",
        "^(react|react-dom|react-router)(/|$)|\\.tsx(\\?.*)?$|^#app/components/",
      ),
    ),
  },
  {
    files: ["**/*-page-script.ts"],
    ignores: ["app/before-react/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Program", message: "Page scripts live in app/before-react/, beside their rules (app/before-react/README.md)." },
      ],
    },
  },
  {
    files: ["app/components/**"],
    rules: restrictedImports(
      never("Components run in the browser: no server code (a route's loader or action passes what they need).", serverCode),
      never("Components import no routes.", routes),
    ),
  },
  {
    files: ["server/**", "server.ts", "scripts/**", "bench/**"],
    rules: restrictedImports(serverImportsNoComponents),
  },
  ...serverLayers
    .filter((layer) => layer !== "db")
    .map((layer) => ({ files: [`server/${layer}/**`], rules: restrictedImports(serverImportsNoComponents, importsNoFeature(layer)) })),
  {
    // The database layer (connections, dialects, migrations' runner, the schema) is what every feature stands on.
    files: ["server/db/**"],
    rules: restrictedImports(
      serverImportsNoComponents,
      never(
        "server/db is the layer every feature stands on: it imports no feature (a feature's queries live in its own folder).",
        "^#server/(?!db/|log\\.ts$|data-dir\\.ts$)",
      ),
    ),
  },
);
