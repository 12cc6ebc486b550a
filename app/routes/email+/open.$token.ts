import type { LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { recordEmailOpen } from "~/models/messaging/delivery.server";
import { screens } from "~/access/route-table";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The open-tracking image of an email: a sent email becomes opened. Every token, known or not, gets
 * the same image with the same headers, so the answer never tells whether a token exists; no-store
 * so that each open reaches us (the first one counts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.emailOpened);
  try {
    await recordEmailOpen(params.token ?? "");
  } catch (error) {
    console.warn(`Recording an email open failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new Response(PIXEL, {
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.byteLength),
      "Cache-Control": "no-store, max-age=0",
      "X-Robots-Tag": "noindex",
    },
  });
}
