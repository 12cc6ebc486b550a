// Bundles the service worker (app/sw/sw.ts, docs/decisions/075) to public/sw.js, minified: served
// from the site's root so its scope is the whole app. `npm run build` runs it before `remix build`.
import { build } from "esbuild";

await build({
  entryPoints: ["app/sw/sw.ts"],
  outfile: "public/sw.js",
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  tsconfig: "tsconfig.json",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
