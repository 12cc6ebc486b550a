import WebSocket from "ws";
import { HubConnectionState } from "@microsoft/signalr";
import { describe, expect, it } from "vitest";
import { Role } from "~/access/roles";
import { isCrossSiteRequest } from "~/http/origin.server";
import {
  createRealtimeHubs,
  notifyCompany,
  notifyPublic,
  notifyUser,
  RealtimeEvent,
} from "~/services/realtime/index.server";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { useStarted } from "../../helpers/lifecycle";
import { arrives, hubClient, listenWithHubs, nextEvent, TRANSPORTS } from "./clients";

useTestDatabase();

const RS = "\u001e";

/** Hubs with these options (by default the app's cross-site check), listening on a port of their own. */
async function startHubs(
  options: Parameters<typeof createRealtimeHubs>[0] = {
    isCrossSite: (req) => isCrossSiteRequest({ method: "POST", headers: req.headers }),
  },
) {
  const hubs = createRealtimeHubs(options);
  return { hubs, ...(await listenWithHubs(hubs)) };
}
const site = useStarted(
  () => startHubs(),
  async ({ hubs, close }) => {
    await hubs.close();
    await close();
  },
);

describe("real-time hubs with the @microsoft/signalr client", () => {
  for (const [name, transport] of TRANSPORTS) {
    it(`${name}: the public hub receives a public event, the private hub its company's and user's events`, async () => {
      const { companyId, userId } = await createTestCompany();
      const cookie = await sessionCookie(userId);
      const publicHub = hubClient(`${site.origin}/hubs/public`, { transport });
      const privateHub = hubClient(`${site.origin}/hubs/private`, { transport, cookie });
      await publicHub.start();
      await privateHub.start();
      try {
        expect(publicHub.state).toBe(HubConnectionState.Connected);
        const publicEvent = nextEvent(publicHub, "SomethingPublic");
        notifyPublic("SomethingPublic", { hello: "world" });
        expect(await publicEvent).toEqual([{ hello: "world" }]);

        const toast = nextEvent(privateHub, RealtimeEvent.TextNotification);
        notifyCompany(companyId, RealtimeEvent.TextNotification, "Jane Doe replied: see you at 10");
        expect(await toast).toEqual(["Jane Doe replied: see you at 10"]);

        const counter = nextEvent(privateHub, RealtimeEvent.NewBookingRequestCounter);
        notifyUser(userId, RealtimeEvent.NewBookingRequestCounter, 3);
        expect(await counter).toEqual([3]);
      } finally {
        await publicHub.stop();
        await privateHub.stop();
      }
    });
  }

  it("refuses the private hub without a session (401), and a company never receives another's events", async () => {
    const refused = await fetch(`${site.origin}/hubs/private/negotiate?negotiateVersion=1`, { method: "POST" });
    expect(refused.status).toBe(401);
    const anonymous = hubClient(`${site.origin}/hubs/private`);
    await expect(anonymous.start()).rejects.toThrow();

    const a = await createTestCompany();
    const b = await createTestCompany();
    const bTech = await createTestUser(b.companyId, Role.FieldTech);
    const hubA = hubClient(`${site.origin}/hubs/private`, { cookie: await sessionCookie(a.userId) });
    const hubB = hubClient(`${site.origin}/hubs/private`, { cookie: await sessionCookie(bTech.userId) });
    await hubA.start();
    await hubB.start();
    try {
      const leaked = arrives(hubA, RealtimeEvent.TextNotification, 500);
      const delivered = nextEvent(hubB, RealtimeEvent.TextNotification);
      notifyCompany(b.companyId, RealtimeEvent.TextNotification, "for B only");
      notifyUser(bTech.userId, RealtimeEvent.TextNotification, "for B's tech only");
      expect(await delivered).toEqual(["for B only"]);
      expect(await leaked).toBe(false);
    } finally {
      await hubA.stop();
      await hubB.stop();
    }
  });

  it("binds a connection token to the session that negotiated it; unknown ids 404, a second socket 409", async () => {
    const { userId } = await createTestCompany();
    const other = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const negotiated = await fetch(`${site.origin}/hubs/private/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(negotiated.status).toBe(200);
    const body = (await negotiated.json()) as { connectionToken: string; negotiateVersion: number };
    expect(body.negotiateVersion).toBe(1);
    const ws = site.origin.replace("http", "ws");
    const token = encodeURIComponent(body.connectionToken);

    const statusOf = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, { headers });
        socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        socket.on("open", () => resolve(101));
        socket.on("error", () => resolve(-1));
      });
    expect(await statusOf(`${ws}/hubs/private?id=nope`, { Cookie: cookie })).toBe(404);
    // The token without its session, or with another user's session, is no use.
    expect(await statusOf(`${ws}/hubs/private?id=${token}`)).toBe(403);
    expect(await statusOf(`${ws}/hubs/private?id=${token}`, { Cookie: await sessionCookie(other.userId) })).toBe(403);
    // On the other hub it is unknown.
    expect(await statusOf(`${ws}/hubs/public?id=${token}`)).toBe(404);
    // A page of another site cannot open it.
    expect(await statusOf(`${ws}/hubs/private?id=${token}`, { Cookie: cookie, Origin: "https://evil.example" })).toBe(
      403,
    );

    const first = new WebSocket(`${ws}/hubs/private?id=${token}`, { headers: { Cookie: cookie } });
    await new Promise((resolve) => first.on("open", resolve));
    expect(await statusOf(`${ws}/hubs/private?id=${token}`, { Cookie: cookie })).toBe(409);
    first.close();
  });

  it("answers the handshake, refuses invocations with a completion error and drops oversized messages", async () => {
    const negotiated = (await (
      await fetch(`${site.origin}/hubs/public/negotiate?negotiateVersion=1`, { method: "POST" })
    ).json()) as { connectionToken: string };
    const socket = new WebSocket(
      `${site.origin.replace("http", "ws")}/hubs/public?id=${encodeURIComponent(negotiated.connectionToken)}`,
    );
    const frames: string[] = [];
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    socket.on("message", (data) => frames.push(...data.toString().split(RS).filter(Boolean)));
    await new Promise((resolve) => socket.on("open", resolve));
    socket.send(`{"protocol":"json","version":1}${RS}`);
    socket.send(`{"type":1,"invocationId":"7","target":"Anything","arguments":[]}${RS}{"type":6}${RS}`);
    await expect.poll(() => frames.length).toBe(2);
    expect(JSON.parse(frames[0])).toEqual({});
    expect(JSON.parse(frames[1])).toMatchObject({ type: 3, invocationId: "7", error: expect.any(String) });
    socket.send("x".repeat(64 * 1024));
    // ws closes with 1009 (message too big) before buffering it.
    expect(await closed).toBe(1009);
  });

  it("says 401 to the private negotiate of a session that was signed out", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const { destroySession } = await import("~/sessions.server");
    await destroySession(new Request("http://x/", { headers: { Cookie: cookie } }));
    const refused = await fetch(`${site.origin}/hubs/private/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(refused.status).toBe(401);
  });
});

describe("shutdown", () => {
  for (const [name, transport] of TRANSPORTS) {
    it(`${name}: sends the close message and the client sees the connection close`, async () => {
      const own = await startHubs();
      const connection = hubClient(`${own.origin}/hubs/public`, { transport });
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      await connection.start();
      const started = Date.now();
      await own.hubs.close();
      // Without automatic reconnect the client ends; the close message carried no error.
      expect(await closed).toBeUndefined();
      expect(connection.state).toBe(HubConnectionState.Disconnected);
      expect(Date.now() - started).toBeLessThan(3_000);
      await own.close();
    });
  }

  it("a client with automatic reconnect starts reconnecting on the close message (allowReconnect)", async () => {
    const own = await startHubs();
    const connection = hubClient(`${own.origin}/hubs/public`, {
      retry: { nextRetryDelayInMilliseconds: () => 60_000 },
    });
    const reconnecting = new Promise<void>((resolve) => connection.onreconnecting(() => resolve()));
    await connection.start();
    await own.hubs.close();
    await reconnecting;
    expect(connection.state).toBe(HubConnectionState.Reconnecting);
    await connection.stop();
    await own.close();
  });
});

describe("limits and session ends", () => {
  it("caps the private connections of one user (429), and frees the place when one closes", async () => {
    const own = await startHubs({ maxConnectionsPerUser: 2 });
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const first = hubClient(`${own.origin}/hubs/private`, { cookie });
    const second = hubClient(`${own.origin}/hubs/private`, { cookie });
    await first.start();
    await second.start();
    const refused = await fetch(`${own.origin}/hubs/private/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(refused.status).toBe(429);
    await first.stop();
    const third = hubClient(`${own.origin}/hubs/private`, { cookie });
    await third.start();
    expect(third.state).toBe(HubConnectionState.Connected);
    await second.stop();
    await third.stop();
    await own.hubs.close();
    await own.close();
  });

  it("closes the connections of a session that was signed out, telling them not to reconnect", async () => {
    const own = await startHubs({ sessionCheckMs: 200 });
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const connection = hubClient(`${own.origin}/hubs/private`, {
      cookie,
      retry: { nextRetryDelayInMilliseconds: () => 0 },
    });
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    const { destroySession } = await import("~/sessions.server");
    await destroySession(new Request("http://x/", { headers: { Cookie: cookie } }));
    // Closed for good, not reconnecting: the close message said allowReconnect false.
    expect((await closed)?.message).toMatch(/session ended/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    await own.hubs.close();
    await own.close();
  });

  it("across cluster workers: a WebSocket opens on another process than its negotiate (signed token), once", async () => {
    const options = { tokenSecret: "shared-secret-of-the-workers-0123", transports: ["WebSockets"] as const };
    const negotiator = createRealtimeHubs(options);
    const acceptor = createRealtimeHubs(options);
    const a = await listenWithHubs(negotiator);
    const b = await listenWithHubs(acceptor);
    const negotiated = (await (
      await fetch(`${a.origin}/hubs/public/negotiate?negotiateVersion=1`, { method: "POST" })
    ).json()) as { connectionToken: string; availableTransports: { transport: string }[] };
    expect(negotiated.availableTransports.map((t) => t.transport)).toEqual(["WebSockets"]);
    const url = `${b.origin.replace("http", "ws")}/hubs/public?id=${encodeURIComponent(negotiated.connectionToken)}`;
    const socket = new WebSocket(url);
    const frames: string[] = [];
    socket.on("message", (data) => frames.push(...data.toString().split(RS).filter(Boolean)));
    await new Promise((resolve) => socket.on("open", resolve));
    socket.send(`{"protocol":"json","version":1}${RS}`);
    await expect.poll(() => frames.length).toBe(1);
    notifyPublic("Hello", 1);
    await expect.poll(() => frames.length).toBe(2);
    expect(JSON.parse(frames[1])).toEqual({ type: 1, target: "Hello", arguments: [1] });
    const again = await new Promise<number>((resolve) => {
      const second = new WebSocket(url);
      second.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      second.on("open", () => resolve(101));
    });
    expect(again).toBe(409);
    socket.close();
    for (const [hubs, http] of [
      [negotiator, a],
      [acceptor, b],
    ] as const) {
      await hubs.close();
      await http.close();
    }
  });
});

describe("protocol details", () => {
  it("pings an idle connection, and a long poll that was not waiting still gets the close message", async () => {
    const hubs = createRealtimeHubs({ pingIntervalMs: 100 });
    const http = await listenWithHubs(hubs);
    const negotiate = async () =>
      encodeURIComponent(
        (
          (await (
            await fetch(`${http.origin}/hubs/public/negotiate?negotiateVersion=1`, { method: "POST" })
          ).json()) as { connectionToken: string }
        ).connectionToken,
      );
    const socket = new WebSocket(`${http.origin.replace("http", "ws")}/hubs/public?id=${await negotiate()}`);
    const frames: string[] = [];
    socket.on("message", (data) => frames.push(...data.toString().split(RS).filter(Boolean)));
    await new Promise((resolve) => socket.on("open", resolve));
    socket.send(`{"protocol":"json","version":1}${RS}`);
    await expect.poll(() => frames.filter((f) => f === `{"type":6}`).length).toBeGreaterThanOrEqual(2);

    const poll = `${http.origin}/hubs/public?id=${await negotiate()}`;
    expect((await fetch(poll)).status).toBe(200);
    await fetch(poll, { method: "POST", body: `{"protocol":"json","version":1}${RS}` });
    await hubs.close();
    const last = await fetch(poll);
    expect(last.status).toBe(200);
    const messages = (await last.text()).split(RS).filter(Boolean);
    expect(messages[0]).toBe("{}");
    expect(JSON.parse(messages.at(-1)!)).toEqual({ type: 7, allowReconnect: true });
    expect((await fetch(poll)).status).toBe(204);
    socket.close();
    await http.close();
  });
});
