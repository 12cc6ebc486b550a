// The real-time hubs from an attacker's side, on the production server (server.js and the built app):
// another site cannot negotiate or open a socket with the user's cookie, a connection token is of no
// use without the session that negotiated it, and what a client may send is small.
import WebSocket from "ws";
import { describe, expect, test } from "vitest";
import { baseUrl, liveSessionCookie } from "./harness";

const EVIL = "https://evil.example";

const negotiate = (hub: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}/hubs/${hub}/negotiate?negotiateVersion=1`, { method: "POST", headers });

async function tokenFor(hub: "public" | "private", cookie?: string) {
  const response = await negotiate(hub, cookie ? { Cookie: cookie } : {});
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toContain("no-store");
  return ((await response.json()) as { connectionToken: string }).connectionToken;
}

/** The status a WebSocket upgrade gets (101 when it opens). */
function upgradeStatus(pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(`${baseUrl().replace("http", "ws")}${pathAndQuery}`, { headers });
    socket.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    socket.on("error", () => resolve(-1));
  });
}

describe("real-time hubs", () => {
  test("the private hub needs a live session: none or a forged cookie is 401", async () => {
    expect((await negotiate("private")).status).toBe(401);
    expect((await negotiate("private", { Cookie: "__session=forged.value" })).status).toBe(401);
    const cookie = await liveSessionCookie("field tech");
    expect((await negotiate("private", { Cookie: cookie })).status).toBe(200);
  });

  test("another site cannot negotiate, open a socket or an event stream with the user's cookie", async () => {
    const cookie = await liveSessionCookie("office staff");
    expect((await negotiate("private", { Cookie: cookie, Origin: EVIL })).status).toBe(403);
    expect((await negotiate("public", { Origin: EVIL })).status).toBe(403);
    const token = encodeURIComponent(await tokenFor("private", cookie));
    expect(await upgradeStatus(`/hubs/private?id=${token}`, { Cookie: cookie, Origin: EVIL })).toBe(403);
    const stream = await fetch(`${baseUrl()}/hubs/private?id=${token}`, {
      headers: { Cookie: cookie, Origin: EVIL, Accept: "text/event-stream" },
    });
    expect(stream.status).toBe(403);
    // The same token from the app's own pages opens.
    expect(await upgradeStatus(`/hubs/private?id=${token}`, { Cookie: cookie, Origin: baseUrl() })).toBe(101);
  });

  test("a connection token is no use without its session, on the other hub, or made up", async () => {
    const cookie = await liveSessionCookie("company admin");
    const other = await liveSessionCookie("field tech");
    const token = encodeURIComponent(await tokenFor("private", cookie));
    expect(await upgradeStatus(`/hubs/private?id=${token}`)).toBe(403);
    expect(await upgradeStatus(`/hubs/private?id=${token}`, { Cookie: other })).toBe(403);
    expect(await upgradeStatus(`/hubs/public?id=${token}`, { Cookie: cookie })).toBe(404);
    expect(await upgradeStatus(`/hubs/private?id=${token.slice(0, -4)}AAAA`, { Cookie: cookie })).toBe(404);
    expect((await fetch(`${baseUrl()}/hubs/private?id=made-up`, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  test("what a client may send is small; negotiate is POST only; other paths take no upgrade", async () => {
    const token = encodeURIComponent(await tokenFor("public"));
    const first = await fetch(`${baseUrl()}/hubs/public?id=${token}`);
    expect(first.status).toBe(200);
    const tooLarge = await fetch(`${baseUrl()}/hubs/public?id=${token}`, {
      method: "POST",
      body: `{"protocol":"json","version":1}\u001e${"x".repeat(100 * 1024)}`,
    });
    expect(tooLarge.status).toBe(413);
    // The connection was ended: its next poll says so.
    expect((await fetch(`${baseUrl()}/hubs/public?id=${token}`)).status).toBe(204);

    expect((await fetch(`${baseUrl()}/hubs/public/negotiate?negotiateVersion=1`)).status).toBe(405);
    expect(await upgradeStatus("/customers")).toBe(404);
    expect(await upgradeStatus("/hubs/public")).toBe(400);
  });
});
