import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/http/origin.server";

type RequestLike = Parameters<typeof isCrossSiteRequest>[0];

/** Each rule: the requests it covers, each with whether it counts as cross-site. */
const rules: Array<[rule: string, cases: Array<[request: RequestLike, crossSite: boolean]>]> = [
  [
    "allows reads whatever their origin",
    [
      [{ method: "GET", headers: { host: "app.example.com", origin: "https://evil.example" } }, false],
      [{ method: "HEAD", headers: new Headers({ host: "app.example.com", origin: "https://evil.example" }) }, false],
    ],
  ],
  ["allows a post without Origin", [[{ method: "POST", headers: { host: "app.example.com" } }, false]]],
  [
    "allows a post from the same host, port included",
    [
      [{ method: "POST", headers: { host: "localhost:3000", origin: "http://localhost:3000" } }, false],
      [{ method: "post", headers: new Headers({ host: "App.Example.com", origin: "https://app.example.com" }) }, false],
    ],
  ],
  [
    "refuses a post from another host or port",
    [
      [{ method: "POST", headers: { host: "app.example.com", origin: "https://evil.example" } }, true],
      [{ method: "DELETE", headers: { host: "localhost:3000", origin: "http://localhost:4000" } }, true],
      [{ method: "POST", headers: { host: "app.example.com", origin: "https://app.example.com.evil.example" } }, true],
    ],
  ],
  [
    "ignores X-Forwarded-Host unless the request came through a trusted proxy",
    [
      [
        {
          method: "POST",
          headers: { host: "app.example.com", "x-forwarded-host": "evil.example", origin: "https://evil.example" },
        },
        true,
      ],
    ],
  ],
  [
    "uses X-Forwarded-Host behind a trusted proxy",
    [
      [
        {
          method: "POST",
          headers: { host: "127.0.0.1:3000", "x-forwarded-host": "app.example.com", origin: "https://app.example.com" },
        },
        false,
      ],
      [
        {
          method: "POST",
          headers: { host: "app.example.com", "x-forwarded-host": "internal:3000", origin: "https://app.example.com" },
        },
        true,
      ],
    ],
  ],
  [
    "refuses an opaque or broken Origin",
    [
      [{ method: "POST", headers: { host: "app.example.com", origin: "null" } }, true],
      [{ method: "PUT", headers: { origin: "https://app.example.com" } }, true],
    ],
  ],
];

describe("isCrossSiteRequest", () => {
  it.each(rules)("%s", (rule, cases) => {
    const viaTrustedProxy = rule.endsWith("behind a trusted proxy");
    for (const [request, crossSite] of cases)
      expect(isCrossSiteRequest(request, { viaTrustedProxy }), request.method).toBe(crossSite);
  });
});
