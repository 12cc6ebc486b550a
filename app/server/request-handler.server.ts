import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { accessLookup, type AccessLookup } from "~/access/access.server";
import { shadowChangeRecorder } from "~/server/impersonation-recorder.server";
import { refuseScreenPostsThatAreNotForms } from "~/http/request-data.server";
import { limitRequestBodies } from "~/http/request-size.server";
import { applyResponsePolicy } from "~/http/response-policy.server";

/**
 * What every loader and action receives as `context` (docs/decisions/request-path.md): the
 * response's CSP nonce, the client's address (TRUST_PROXY applied), and the caller's access,
 * looked up at most once for the loaders of a page and once for an action (requireAccess uses it).
 */
export type RequestContext = { cspNonce: string; clientAddress?: string; access: AccessLookup };

export function getLoadContext(values: { cspNonce: string; clientAddress?: string }): RequestContext {
  return { ...values, access: accessLookup() };
}

export type RequestHandler = (request: Request, context: RequestContext) => Promise<Response>;

/**
 * The request path, in the order a request meets it: the body count (413 past its limit), a
 * screen's post that is not a form answers 415, a change made in a shadow session is recorded
 * with its answer, Remix answers, and the response policy has the last word (Secure cookies over
 * HTTPS, no-store for signed-in answers). server.js calls it for every request that is not a
 * static file; nothing is kept between requests.
 */
export function createAppRequestHandler(build: ServerBuild, mode?: string): RequestHandler {
  return requestPipeline(createRequestHandler(build, mode));
}

/** The same path around any Remix handler (tests put a route's loader or action in its place). */
export function requestPipeline(
  remix: (request: Request, context: RequestContext) => Promise<Response>,
): RequestHandler {
  const answer: RequestHandler = async (request, context) => {
    const recordShadowChange = await shadowChangeRecorder(request, context);
    const response = await remix(request, context);
    recordShadowChange?.(response);
    return applyResponsePolicy(request, response);
  };
  return limitRequestBodies(refuseScreenPostsThatAreNotForms(answer));
}
