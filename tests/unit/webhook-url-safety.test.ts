import { describe, expect, it } from "vitest";
import { isPrivateAddress, publicOnlyLookup, webhookUrlProblem } from "~/models/webhooks/url-safety.server";

describe("webhook URL safety (SSRF)", () => {
  it("in production: https to public hosts only", () => {
    expect(webhookUrlProblem("https://hooks.example.com/in", true)).toBeNull();
    expect(webhookUrlProblem("https://93.184.216.34/in", true)).toBeNull();
    for (const url of [
      "http://hooks.example.com/in",
      "ftp://hooks.example.com/in",
      "file:///etc/passwd",
      "gopher://hooks.example.com",
    ])
      expect(webhookUrlProblem(url, true)).toBe("The URL must start with https://");
    for (const url of [
      "https://localhost/in",
      "https://api.localhost/in",
      "https://127.0.0.1/in",
      "https://10.1.2.3/in",
      "https://172.16.0.9/in",
      "https://192.168.1.1/in",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/in",
      "https://0.0.0.0/in",
      "https://[::1]/in",
      "https://[fe80::1]/in",
      "https://[fd00::1]/in",
      "https://[::ffff:127.0.0.1]/in",
      "https://metadata.google.internal/in",
    ])
      expect(webhookUrlProblem(url, true), url).toBe("The URL must point to a public address");
    expect(webhookUrlProblem("https://user:pw@example.com/in", true)).toBe(
      "The URL may not contain a user name or password",
    );
    expect(webhookUrlProblem("not a url", true)).toBe("Enter a full URL, like https://example.com/webhooks");
  });

  it("outside production: http only for localhost", () => {
    expect(webhookUrlProblem("http://127.0.0.1:4000/in", false)).toBeNull();
    expect(webhookUrlProblem("http://localhost:4000/in", false)).toBeNull();
    expect(webhookUrlProblem("http://example.com/in", false)).toBe(
      "The URL must start with https:// (http:// only for localhost)",
    );
  });

  it("private addresses", () => {
    for (const a of ["127.0.0.1", "10.0.0.1", "169.254.169.254", "::1", "fe80::1", "::ffff:10.0.0.1", "nonsense"])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c3:1946"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("the connection's lookup refuses a name that resolves to a private address (DNS rebinding)", async () => {
    const outcome = await new Promise<{ code?: string; message: string }>((resolve) =>
      publicOnlyLookup("localhost", {}, (error) => resolve({ code: error?.code, message: error?.message ?? "" })),
    );
    expect(outcome).toEqual({ code: "EPRIVATEADDRESS", message: "Refused: localhost resolves to a private address" });
  });
});
