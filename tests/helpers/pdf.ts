import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Writes the PDF to a temporary file and runs a poppler tool on it (pdftotext prints the text). */
export function poppler(pdf: Buffer, tool: "pdftotext" | "pdfimages" | "pdffonts", args: string[]): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "pdf-")), "document.pdf");
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])]).toString("utf8");
}
