import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { HUB_NAMES, type HubName } from "~/services/realtime/events";

/*
 * The SignalR protocol (dotnet/aspnetcore TransportProtocols.md and HubProtocol.md), server side,
 * JSON hub protocol only: negotiate, WebSockets, Server-Sent Events and Long Polling. The server
 * only sends (invocations, pings, close); what a client sends is the handshake and pings, so its
 * messages are small and capped, and its invocations are answered with an error.
 */

const RS = "\u001e";
const PING = `{"type":6}${RS}`;
export const CLOSE_RECONNECT = `{"type":7,"allowReconnect":true}${RS}`;
const TRANSPORTS = ["WebSockets", "ServerSentEvents", "LongPolling"] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Who a private connection belongs to: fixed at negotiate, for the connection's whole life. */
export type Principal = { userId: number; companyId: number; sessionId: string };
/** Who an event goes to. */
export type Audience =
  | { hub: "public" }
  | { hub: "private"; companyId: number }
  | { hub: "private"; userId: number }
  | { hub: "private"; sessionId: string };

export type HubOptions = {
  /** The signed-in user of a request (negotiate of the private hub), or null. */
  authenticate: (req: IncomingMessage) => Promise<Principal | null>;
  /** The session id the request's cookie names, without a database lookup (later requests of a private connection). */
  sessionIdOf: (req: IncomingMessage) => Promise<string | null>;
  /** Of these session ids, the ones still live (revoked or expired sessions lose their connections). */
  liveSessions?: (ids: string[]) => Promise<Set<string>>;
  /** True when the request comes from another site (the app's Origin check). */
  isCrossSite?: (req: IncomingMessage) => boolean;
  pingIntervalMs?: number;
  /** Private connections one user may hold at once (tabs, devices). */
  maxConnectionsPerUser?: number;
  /** Public connections of this process. */
  maxPublicConnections?: number;
  /** Largest message (or request body) a client may send. */
  maxClientMessageBytes?: number;
  /** How long a long poll is held before it answers empty (the client gives up at 100 s). */
  pollHoldMs?: number;
  /** How often sessions of private connections are checked. */
  sessionCheckMs?: number;
  /**
   * Signs connection tokens. A WebSocket may then open on another process of the same server than
   * the one that negotiated (cluster workers share the port without sticky sessions).
   */
  tokenSecret?: string;
  /** The transports offered (all three by default; WebSockets only across cluster workers). */
  transports?: readonly Transport[];
};

/** Bytes waiting for a slow client past which its connection is dropped. */
const MAX_PENDING_BYTES = 1 << 20;
/** A negotiated connection that no transport opens within this time is forgotten. */
const CONNECT_WITHIN_MS = 15_000;
/** A long-polling connection without a poll for this long is gone. */
const POLL_GAP_MS = 30_000;
/** An ended connection is remembered this long (long polls answer 204, not 404; its token is spent). */
const ENDED_KEEP_MS = CONNECT_WITHIN_MS;

class Connection {
  readonly createdAt = Date.now();
  transport: Transport | null = null;
  handshaken = false;
  ended = false;
  endedAt = 0;
  inbound = "";
  ws?: WebSocket;
  stream?: ServerResponse;
  poll?: ServerResponse;
  pollTimer?: NodeJS.Timeout;
  lastPollAt = Date.now();
  queue: string[] = [];
  queuedBytes = 0;

  constructor(
    readonly id: string,
    readonly token: string,
    readonly hub: HubName,
    readonly principal: Principal | null,
    private readonly server: HubServer,
  ) {}

  /** A message framed for the wire (ends with the record separator). Nothing before the handshake. */
  send(frame: string) {
    if (this.ended || !this.handshaken) return;
    this.write(frame);
  }

  write(frame: string) {
    if (this.ws) {
      if (this.ws.bufferedAmount > MAX_PENDING_BYTES) return this.end();
      this.ws.send(frame);
    } else if (this.stream) {
      if (this.stream.writableLength > MAX_PENDING_BYTES) return this.end();
      this.stream.write(`data: ${frame}\n\n`);
    } else {
      this.queuedBytes += Buffer.byteLength(frame);
      if (this.queuedBytes > MAX_PENDING_BYTES) return this.end();
      this.queue.push(frame);
      this.flushPoll();
    }
  }

  flushPoll() {
    if (!this.poll || (!this.queue.length && !this.ended)) return;
    const poll = this.poll;
    this.poll = undefined;
    clearTimeout(this.pollTimer);
    this.lastPollAt = Date.now();
    const body = this.queue.join("");
    this.queue = [];
    this.queuedBytes = 0;
    if (body) answer(poll, 200, body, "text/plain; charset=utf-8");
    else answer(poll, 204, "");
  }

  /** Text from the client: the handshake, then pings (and whatever else, which is refused or ignored). */
  receive(text: string, maxBytes: number) {
    if (this.ended) return;
    this.inbound += text;
    if (this.inbound.length > maxBytes) return this.end();
    let at: number;
    while ((at = this.inbound.indexOf(RS)) >= 0) {
      const raw = this.inbound.slice(0, at);
      this.inbound = this.inbound.slice(at + 1);
      let message: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) message = parsed as Record<string, unknown>;
      } catch {
        // handled below
      }
      if (!this.handshaken) {
        if (message?.protocol !== "json" || message?.version !== 1) {
          this.write(`${JSON.stringify({ error: "Only the JSON hub protocol, version 1, is supported." })}${RS}`);
          return this.end();
        }
        this.handshaken = true;
        this.write(`{}${RS}`);
        continue;
      }
      if (!message) return this.end(`{"type":7,"error":"Unreadable message.","allowReconnect":false}${RS}`);
      // 1 invocation, 4 stream invocation: nothing here can be called.
      if ((message.type === 1 || message.type === 4) && typeof message.invocationId === "string")
        this.send(
          `${JSON.stringify({ type: 3, invocationId: message.invocationId.slice(0, 64), error: "This hub has no methods to call." })}${RS}`,
        );
      else if (message.type === 7) return this.end();
    }
  }

  /** Ends the connection, after a last message (the close message) when given. */
  end(lastFrame?: string) {
    if (this.ended) return;
    this.ended = true;
    this.endedAt = Date.now();
    if (lastFrame && this.handshaken) this.write(lastFrame);
    this.server.forget(this);
    if (this.ws) {
      const ws = this.ws;
      ws.close(1000);
      // A client that does not answer the close handshake is cut off.
      setTimeout(() => ws.terminate(), 2_000).unref();
    } else if (this.stream) {
      this.stream.end();
    } else {
      this.flushPoll();
    }
  }
}

function answer(res: ServerResponse, status: number, body: string, contentType = "application/json") {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(status, {
    "Content-Type": contentType,
    "Cache-Control": "no-store, no-transform",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) => answer(res, status, JSON.stringify(body));

function refuseUpgrade(socket: Duplex, status: number) {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** `/hubs/private/negotiate` → { hub: "private", negotiate: true }; anything else null. */
function hubOf(pathname: string): { hub: HubName; negotiate: boolean } | null {
  const match = /^\/hubs\/([a-z]+)(\/negotiate)?\/?$/.exec(pathname);
  if (!match || !HUB_NAMES.includes(match[1] as HubName)) return null;
  return { hub: match[1] as HubName, negotiate: !!match[2] };
}

const newId = () => randomBytes(16).toString("base64url");

export class HubServer {
  private readonly byToken = new Map<string, Connection>();
  private readonly ended = new Map<string, Connection>();
  private readonly live = { public: new Set<Connection>(), private: new Set<Connection>() };
  private readonly byCompany = new Map<number, Set<Connection>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly wss: WebSocketServer;
  private readonly timers: NodeJS.Timeout[];
  private readonly options: Required<Omit<HubOptions, "liveSessions" | "tokenSecret">> &
    Pick<HubOptions, "liveSessions" | "tokenSecret">;
  private closing = false;

  constructor(options: HubOptions) {
    this.options = {
      isCrossSite: () => false,
      pingIntervalMs: 15_000,
      maxConnectionsPerUser: 20,
      maxPublicConnections: 10_000,
      maxClientMessageBytes: 32 * 1024,
      pollHoldMs: 90_000,
      sessionCheckMs: 60_000,
      transports: TRANSPORTS,
      ...options,
    };
    // ws checks the size of each incoming message before it is buffered whole.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: this.options.maxClientMessageBytes,
      perMessageDeflate: false,
    });
    this.timers = [
      setInterval(() => this.ping(), this.options.pingIntervalMs),
      setInterval(() => this.sweep(), 5_000),
      setInterval(() => void this.checkSessions(), this.options.sessionCheckMs),
    ];
    for (const timer of this.timers) timer.unref();
  }

  /** How many connections each hub holds (negotiated ones included). */
  counts() {
    return { public: this.live.public.size, private: this.live.private.size };
  }

  /** Sends an invocation of `target` to every connection of the audience. */
  publish(audience: Audience, target: string, args: unknown[]) {
    let connections: Iterable<Connection> | undefined;
    if (audience.hub === "public") connections = this.live.public;
    else if ("companyId" in audience) connections = this.byCompany.get(audience.companyId);
    else if ("userId" in audience) connections = this.byUser.get(audience.userId);
    else connections = [...this.live.private].filter((c) => c.principal?.sessionId === audience.sessionId);
    if (!connections) return;
    const frame = `${JSON.stringify({ type: 1, target, arguments: args })}${RS}`;
    for (const connection of [...connections]) connection.send(frame);
  }

  /** Ends the connections of a session (signed out): they are told not to reconnect. */
  endSession(sessionId: string) {
    for (const connection of [...this.live.private])
      if (connection.principal?.sessionId === sessionId)
        connection.end(`{"type":7,"error":"The session ended.","allowReconnect":false}${RS}`);
  }

  /** Express middleware (or a plain request listener with a `next`): answers /hubs/*, passes the rest on. */
  readonly handleHttp = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!req.url?.startsWith("/hubs/")) return next();
    const url = new URL(req.url ?? "/", "http://hub.invalid");
    const route = hubOf(url.pathname);
    if (!route) return next();
    void this.serveHttp(req, res, url, route).catch((error: unknown) => {
      console.error(error);
      json(res, 500, { message: "Sorry, something went wrong." });
    });
  };

  /** The http server's 'upgrade' listener: WebSockets of the hubs; any other upgrade is refused. */
  readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void this.upgrade(req, socket, head).catch((error: unknown) => {
      console.error(error);
      refuseUpgrade(socket, 500);
    });
  };

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", "http://hub.invalid");
    const route = hubOf(url.pathname);
    if (!route || route.negotiate || this.closing) return refuseUpgrade(socket, 404);
    // A page of another site must not open a socket that rides this site's cookie.
    if (this.options.isCrossSite(req)) return refuseUpgrade(socket, 403);
    const found = await this.connectionFor(req, url, route.hub, true);
    if (typeof found === "number") return refuseUpgrade(socket, found);
    if (found.transport) return refuseUpgrade(socket, 409);
    found.transport = "WebSockets";
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      if (found.ended) return ws.terminate();
      found.ws = ws;
      ws.on("message", (data, isBinary) => {
        if (isBinary) return found.end();
        found.receive(data.toString(), this.options.maxClientMessageBytes);
      });
      ws.on("close", () => found.end());
      ws.on("error", () => found.end());
    });
  }

  /** The connection a request's `id` names, or the status to answer: 400 none given, 404 unknown, 403 another session. */
  private async connectionFor(
    req: IncomingMessage,
    url: URL,
    hub: HubName,
    adopt = false,
  ): Promise<Connection | number> {
    const token = url.searchParams.get("id");
    if (!token) return 400;
    const known = this.byToken.get(token) ?? this.ended.get(token);
    const connection = known ?? (adopt ? this.adoptable(token) : undefined);
    if (!connection || connection.hub !== hub || (connection.ended && !connection.transport)) return 404;
    if (connection.principal) {
      // The token is bound to the session that negotiated it: it is no use without that session's cookie.
      const sessionId = await this.options.sessionIdOf(req);
      if (sessionId !== connection.principal.sessionId) return 403;
    }
    if (known) return known;
    // Adopted only now that the request passed, and once (another request may have adopted it meanwhile).
    const meanwhile = this.byToken.get(token) ?? this.ended.get(token);
    if (meanwhile) return meanwhile;
    if (!this.hasRoomFor(connection.hub, connection.principal)) return 404;
    this.register(connection);
    return connection;
  }

  private hasRoomFor(hub: HubName, principal: Principal | null) {
    if (hub === "public") return this.live.public.size < this.options.maxPublicConnections;
    return !!principal && (this.byUser.get(principal.userId)?.size ?? 0) < this.options.maxConnectionsPerUser;
  }

  private async serveHttp(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    route: { hub: HubName; negotiate: boolean },
  ) {
    if (this.options.isCrossSite(req)) return json(res, 403, { message: "Cross-site requests are not allowed." });
    if (route.negotiate) {
      if (req.method !== "POST") return json(res, 405, { message: "Method not allowed." });
      req.resume();
      return this.negotiate(req, res, url, route.hub);
    }
    const found = await this.connectionFor(req, url, route.hub);
    if (typeof found === "number") {
      req.resume();
      return json(res, found, { message: found === 404 ? "No connection with this id." : "Not allowed." });
    }
    const method = req.method ?? "GET";
    if (method === "GET" && /text\/event-stream/i.test(req.headers.accept ?? ""))
      return this.openStream(req, res, found);
    if (method === "GET") return this.longPoll(req, res, found);
    if (method === "POST") return this.receivePost(req, res, found);
    if (method === "DELETE") {
      req.resume();
      if (found.transport && found.transport !== "LongPolling")
        return json(res, 400, { message: "Only long polling connections end with DELETE." });
      found.end();
      return answer(res, 202, "", "text/plain");
    }
    return json(res, 405, { message: "Method not allowed." });
  }

  private async negotiate(req: IncomingMessage, res: ServerResponse, url: URL, hub: HubName) {
    if (this.closing) return json(res, 503, { message: "The server is restarting." });
    let principal: Principal | null = null;
    if (hub === "private") {
      principal = await this.options.authenticate(req);
      if (!principal) return json(res, 401, { message: "Sign in to connect." });
      if (!this.hasRoomFor(hub, principal))
        return json(res, 429, { message: "Too many open connections for this user." });
    } else if (!this.hasRoomFor(hub, null)) {
      return json(res, 503, { message: "Too many open connections." });
    }
    const version = Number(url.searchParams.get("negotiateVersion") ?? 0) >= 1 ? 1 : 0;
    const id = newId();
    // Version 0 clients use the connection id itself as the secret.
    const token = version === 1 ? this.newToken(id, hub, principal) : id;
    this.register(new Connection(id, token, hub, principal, this));
    const availableTransports = this.options.transports.map((transport) => ({ transport, transferFormats: ["Text"] }));
    json(
      res,
      200,
      version === 1
        ? { connectionId: id, connectionToken: token, negotiateVersion: 1, availableTransports }
        : { connectionId: id, availableTransports },
    );
  }

  private register(connection: Connection) {
    this.byToken.set(connection.token, connection);
    this.live[connection.hub].add(connection);
    if (connection.principal) {
      add(this.byCompany, connection.principal.companyId, connection);
      add(this.byUser, connection.principal.userId, connection);
    }
  }

  private sign(body: string) {
    return createHmac("sha256", this.options.tokenSecret!).update(body).digest("base64url");
  }

  /** A random token, or with a secret a signed one that names the hub, the principal and its deadline. */
  private newToken(id: string, hub: HubName, principal: Principal | null) {
    if (!this.options.tokenSecret) return newId();
    const body = Buffer.from(
      JSON.stringify({ n: newId(), i: id, h: hub, p: principal, e: Date.now() + CONNECT_WITHIN_MS }),
    ).toString("base64url");
    return `${body}.${this.sign(body)}`;
  }

  /** A connection for a signed token this process did not issue (another worker negotiated it), still in time. */
  private adoptable(token: string): Connection | undefined {
    if (!this.options.tokenSecret || token.length > 1024) return undefined;
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let payload: { i: string; h: HubName; p: Principal | null; e: number };
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return undefined;
    }
    if (!(payload.e > Date.now()) || !HUB_NAMES.includes(payload.h) || (payload.h === "private" && !payload.p))
      return undefined;
    return new Connection(payload.i, token, payload.h, payload.p, this);
  }

  private openStream(req: IncomingMessage, res: ServerResponse, connection: Connection) {
    if (connection.transport) return json(res, 409, { message: "The connection already has a transport." });
    connection.transport = "ServerSentEvents";
    connection.stream = res;
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      // no-transform keeps the compression middleware out of the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    });
    res.write(":\n\n");
    res.on("close", () => connection.end());
    if (connection.ended) res.end();
  }

  private longPoll(req: IncomingMessage, res: ServerResponse, connection: Connection) {
    req.resume();
    if (connection.transport && connection.transport !== "LongPolling")
      return json(res, 400, { message: "The connection uses another transport." });
    if (!connection.transport) {
      // The first poll only confirms the transport: it answers at once.
      connection.transport = "LongPolling";
      connection.lastPollAt = Date.now();
      return answer(res, 200, "", "text/plain");
    }
    if (connection.ended) {
      // What was left for it (the close message), then 204.
      connection.poll = res;
      return connection.flushPoll();
    }
    // A newer poll replaces one still waiting (the client gave up on it).
    if (connection.poll) answer(connection.poll, 200, "", "text/plain");
    clearTimeout(connection.pollTimer);
    connection.poll = res;
    connection.lastPollAt = Date.now();
    res.on("close", () => {
      if (connection.poll === res) {
        connection.poll = undefined;
        clearTimeout(connection.pollTimer);
        connection.lastPollAt = Date.now();
      }
    });
    if (connection.queue.length) return connection.flushPoll();
    connection.pollTimer = setTimeout(() => {
      if (connection.poll !== res) return;
      connection.poll = undefined;
      connection.lastPollAt = Date.now();
      answer(res, 200, "", "text/plain");
    }, this.options.pollHoldMs);
  }

  private receivePost(req: IncomingMessage, res: ServerResponse, connection: Connection) {
    const limit = this.options.maxClientMessageBytes;
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume();
      connection.end();
      return json(res, 413, { message: "The message is too large." });
    }
    if (connection.ended) {
      req.resume();
      return answer(res, 404, "", "text/plain");
    }
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > limit) {
        connection.end();
        return json(res, 413, { message: "The message is too large." });
      }
      connection.receive(Buffer.concat(chunks).toString("utf8"), limit);
      answer(res, 200, "", "text/plain");
    });
  }

  /** Called by a connection as it ends: it leaves every index (long polling ones answer 204 a little longer). */
  forget(connection: Connection) {
    this.byToken.delete(connection.token);
    this.live[connection.hub].delete(connection);
    if (connection.principal) {
      remove(this.byCompany, connection.principal.companyId, connection);
      remove(this.byUser, connection.principal.userId, connection);
    }
    // Kept as long as a token is good for: a long poll then answers 204, a reused token 409.
    this.ended.set(connection.token, connection);
  }

  private ping() {
    for (const hub of HUB_NAMES) for (const connection of [...this.live[hub]]) connection.send(PING);
  }

  private sweep() {
    const now = Date.now();
    for (const hub of HUB_NAMES)
      for (const connection of [...this.live[hub]]) {
        if (!connection.transport && now - connection.createdAt > CONNECT_WITHIN_MS) connection.end();
        else if (
          connection.transport === "LongPolling" &&
          !connection.poll &&
          now - connection.lastPollAt > POLL_GAP_MS
        )
          connection.end();
      }
    for (const [token, connection] of this.ended)
      if (now - connection.endedAt > ENDED_KEEP_MS) this.ended.delete(token);
  }

  private async checkSessions() {
    if (!this.options.liveSessions || !this.live.private.size) return;
    const ids = [...new Set([...this.live.private].map((c) => c.principal!.sessionId))];
    try {
      const live = await this.options.liveSessions(ids);
      for (const id of ids) if (!live.has(id)) this.endSession(id);
    } catch (error) {
      console.error(error);
    }
  }

  /** Shutdown: every connection gets the close message (reconnect allowed) and is closed; then nothing is accepted. */
  async close() {
    if (this.closing) return;
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    const sockets = [...this.live.public, ...this.live.private].map((c) => c.ws).filter((ws): ws is WebSocket => !!ws);
    for (const hub of HUB_NAMES) for (const connection of [...this.live[hub]]) connection.end(CLOSE_RECONNECT);
    // The WebSockets' closing handshakes, a second at most.
    await Promise.race([
      Promise.all(
        sockets.map(
          (ws) => new Promise((resolve) => (ws.readyState === ws.CLOSED ? resolve(null) : ws.once("close", resolve))),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
    ]);
    for (const ws of sockets) ws.terminate();
    this.wss.close();
  }
}

function add<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(connection);
}

function remove<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (!set.size) map.delete(key);
}
