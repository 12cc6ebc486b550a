// Self-hosted fonts: copies the few woff2 files the design uses from @fontsource into public/fonts.
import { copyFileSync, mkdirSync } from "node:fs";

const files = [
  ["poppins", "poppins-latin-500-normal.woff2"],
  ["poppins", "poppins-latin-600-normal.woff2"],
  ["source-sans-pro", "source-sans-pro-latin-400-normal.woff2"],
  ["source-sans-pro", "source-sans-pro-latin-600-normal.woff2"],
];
mkdirSync("public/fonts", { recursive: true });
for (const [pkg, file] of files) copyFileSync(`node_modules/@fontsource/${pkg}/files/${file}`, `public/fonts/${file}`);
