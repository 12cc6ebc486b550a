import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { parseTrustProxy, type TrustProxy } from "~/http/trust-proxy";

const base = { NODE_ENV: "test" as const, SESSION_SECRET: "test-session-secret-0123456789" };

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["loopback", ["loopback"]],
    ["loopback, 10.0.0.0/8 ,fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
    ["::1,uniquelocal,linklocal", ["::1", "uniquelocal", "linklocal"]],
  ])("reads %j as %j", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual({ value: expected });
  });

  it.each([
    "true",
    "TRUE",
    "yes",
    "11",
    "-1",
    "1.5",
    "10.0.0.0/0",
    "::/0",
    "10.0.0.0/33",
    "10.0.0.1/x",
    "example.com",
    "10.0.0.1,",
    "localhost",
    "10.0.0.0/8/8",
  ])("refuses %j", (raw) => {
    expect(parseTrustProxy(raw)).toHaveProperty("error");
  });

  it("stops the start-up with one clear line for a wrong value", () => {
    expect(() => parseEnv({ ...base, TRUST_PROXY: "true" })).toThrow(
      /^Invalid configuration:\n- TRUST_PROXY: TRUST_PROXY=true would believe any X-Forwarded-For/,
    );
    expect(() => parseEnv({ ...base, TRUST_PROXY: "10.0.0.1,proxy.local" })).toThrow(
      /- TRUST_PROXY: .*not "proxy\.local"/,
    );
    expect(parseEnv({ ...base, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv(base).TRUST_PROXY).toBe(false);
  });

  describe("in Express, the address a request is counted against", () => {
    const servers: Server[] = [];
    afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

    async function addressSeen(trust: TrustProxy, forwardedFor: string, forwardedProto = "https") {
      const app = express();
      app.set("trust proxy", trust);
      app.get("/", (req, res) => res.json({ ip: req.ip, protocol: req.protocol }));
      const server = createServer(app);
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "X-Forwarded-For": forwardedFor, "X-Forwarded-Proto": forwardedProto },
      });
      return (await res.json()) as { ip: string; protocol: string };
    }

    it("is the socket's without TRUST_PROXY, whatever X-Forwarded-For says", async () => {
      expect(await addressSeen(false, "203.0.113.7")).toEqual({ ip: "127.0.0.1", protocol: "http" });
    });

    it("is the rightmost hop with TRUST_PROXY=1: a forged leftmost entry is passed over", async () => {
      expect(await addressSeen(parseValue("1"), "6.6.6.6, 203.0.113.7")).toEqual({
        ip: "203.0.113.7",
        protocol: "https",
      });
    });

    it("is the first address not in the trusted list", async () => {
      expect((await addressSeen(parseValue("loopback,10.0.0.0/8"), "6.6.6.6, 203.0.113.7, 10.1.2.3")).ip).toBe(
        "203.0.113.7",
      );
    });
  });
});

describe("SESSION_IDLE_DAYS", () => {
  it("defaults to 7 days and takes fractions", () => {
    expect(parseEnv(base).SESSION_IDLE_DAYS).toBe(7);
    expect(parseEnv({ ...base, SESSION_IDLE_DAYS: "0.5" }).SESSION_IDLE_DAYS).toBe(0.5);
  });

  it.each(["0", "0.01", "31", "week"])("refuses %j", (raw) => {
    expect(() => parseEnv({ ...base, SESSION_IDLE_DAYS: raw })).toThrow(
      /- SESSION_IDLE_DAYS: SESSION_IDLE_DAYS must be/,
    );
  });
});

function parseValue(raw: string): TrustProxy {
  const parsed = parseTrustProxy(raw);
  if (!("value" in parsed)) throw new Error(parsed.error);
  return parsed.value;
}
