// `npm start` on a fresh clone builds first; later starts reuse the build.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const buildDir = process.env.BUILD_DIR || "build";
if (!existsSync(`${buildDir}/server/index.js`) || !existsSync("public/fonts")) {
  console.log("Building the app (first start)...");
  execSync("npm run build", { stdio: "inherit" });
}
