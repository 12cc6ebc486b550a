import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Uploads of these tests go to a temporary folder, never into the project's data folder.
process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "company-uploads-"));

export { args, call, callRequest, callRoute, type Called, type Route } from "../route-call";
