// `npm start` on a fresh clone builds first; later starts reuse the build.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";

const buildDir = process.env.BUILD_DIR || "build";
if (!existsSync(`${buildDir}/server/index.js`) || !existsSync("public/fonts") || !existsSync("public/sw.js")) {
  console.log("Building the app (first start)...");
  execSync("npm run build", { stdio: "inherit" });
} else {
  // The service worker is built apart from the app (public/sw.js): rebuilt when its sources changed.
  const builtAt = statSync("public/sw.js").mtimeMs;
  if (readdirSync("app/sw").some((file) => statSync(`app/sw/${file}`).mtimeMs > builtAt)) {
    console.log("Building the service worker (its sources changed)...");
    execSync("node scripts/build-sw.mjs", { stdio: "inherit" });
  }
}
