// The body count in front of every request (request-size.server): what a route can read, and what the
// client is answered, whatever the route made of the cut-off body.
import { describe, expect, it } from "vitest";
import { allowLargerBody, limitRequestBodies, REQUEST_BODY_LIMIT } from "~/http/request-size.server";

const MB = 1024 * 1024;

/** A body of `total` bytes in 64 KB chunks, each made only when read, that records how much of it was read. */
function source(total: number) {
  const seen = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        const size = Math.min(64 * 1024, total - seen.pulled);
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

function post(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

type Route = (request: Request) => Promise<Response>;
const respond = (route: Route) => limitRequestBodies<unknown>(async (request) => route(request));
/** A route that reads its whole body as text and says how long it was; a read error becomes a 400, as a careless route would answer. */
const readsAll: Route = async (request) => {
  try {
    return new Response(String((await request.text()).length));
  } catch {
    return new Response("could not read", { status: 400 });
  }
};

describe("request body limit", () => {
  it("passes a body within the limit to the route", async () => {
    const { body } = source(512 * 1024);
    const response = await respond(readsAll)(post("/api/anything", body), {});
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(String(512 * 1024));
    expect(response.headers.get("Connection")).toBeNull();
  });

  it("refuses a declared length over the limit without reading a byte, whatever the route answered", async () => {
    const { body, seen } = source(2 * MB);
    const response = await respond(readsAll)(
      post("/api/account/sign-in", body, { "Content-Length": String(2 * MB) }),
      {},
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The request is too large." });
    expect(response.headers.get("Connection")).toBe("close");
    expect(seen.pulled).toBe(0);
  });

  it("cuts off a body without a length once it passes the limit (chunked), reading no further", async () => {
    const { body, seen } = source(50 * MB);
    const response = await respond(readsAll)(post("/login", body), {});
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(response.headers.get("Connection")).toBe("close");
    expect(seen.pulled).toBeLessThan(REQUEST_BODY_LIMIT + 256 * 1024);
  });

  it("lets an upload raise the limit of its own request only", async () => {
    const uploadRoute: Route = async (request) => {
      allowLargerBody(request, 3 * MB);
      return readsAll(request);
    };
    const big = source(2 * MB);
    const allowed = await respond(uploadRoute)(
      post("/api/customers/attachment", big.body, { "Content-Length": String(2 * MB) }),
      {},
    );
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe(String(2 * MB));
    const tooBig = source(4 * MB);
    expect((await respond(uploadRoute)(post("/api/customers/attachment", tooBig.body), {})).status).toBe(413);
    expect(tooBig.seen.pulled).toBeLessThan(3 * MB + 256 * 1024);
  });

  it("closes the connection after answering a request whose body the route left unread", async () => {
    const ignores: Route = async () => new Response("ok");
    const { body, seen } = source(10 * MB);
    const response = await respond(ignores)(post("/api/whatever", body), {});
    expect(response.status).toBe(200);
    expect(response.headers.get("Connection")).toBe("close");
    expect(seen.pulled).toBeLessThan(256 * 1024);
  });
});
