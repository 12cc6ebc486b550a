import { expect } from "vitest";
import { poppler } from "../helpers/pdf";
import { baseUrl, liveSessionCookie } from "./harness";

/** The text of a PDF the signed-in admin downloads (200, application/pdf), laid out by pdftotext. */
export async function adminPdfText(url: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${url}`, { headers: { Cookie: await liveSessionCookie("company admin") } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return poppler(Buffer.from(await res.arrayBuffer()), "pdftotext", ["-layout"]);
}
