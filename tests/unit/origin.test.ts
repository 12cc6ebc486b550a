import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/http/origin.server";

describe("isCrossSiteRequest", () => {
  it("allows reads whatever their origin", () => {
    expect(
      isCrossSiteRequest({ method: "GET", headers: { host: "app.example.com", origin: "https://evil.example" } }),
    ).toBe(false);
    expect(
      isCrossSiteRequest({
        method: "HEAD",
        headers: new Headers({ host: "app.example.com", origin: "https://evil.example" }),
      }),
    ).toBe(false);
  });

  it("allows a post without Origin", () => {
    expect(isCrossSiteRequest({ method: "POST", headers: { host: "app.example.com" } })).toBe(false);
  });

  it("allows a post from the same host, port included", () => {
    expect(
      isCrossSiteRequest({ method: "POST", headers: { host: "localhost:3000", origin: "http://localhost:3000" } }),
    ).toBe(false);
    expect(
      isCrossSiteRequest({
        method: "post",
        headers: new Headers({ host: "App.Example.com", origin: "https://app.example.com" }),
      }),
    ).toBe(false);
  });

  it("refuses a post from another host or port", () => {
    expect(
      isCrossSiteRequest({ method: "POST", headers: { host: "app.example.com", origin: "https://evil.example" } }),
    ).toBe(true);
    expect(
      isCrossSiteRequest({ method: "DELETE", headers: { host: "localhost:3000", origin: "http://localhost:4000" } }),
    ).toBe(true);
    expect(
      isCrossSiteRequest({
        method: "POST",
        headers: { host: "app.example.com", origin: "https://app.example.com.evil.example" },
      }),
    ).toBe(true);
  });

  it("uses X-Forwarded-Host behind a proxy", () => {
    expect(
      isCrossSiteRequest({
        method: "POST",
        headers: { host: "127.0.0.1:3000", "x-forwarded-host": "app.example.com", origin: "https://app.example.com" },
      }),
    ).toBe(false);
    expect(
      isCrossSiteRequest({
        method: "POST",
        headers: { host: "app.example.com", "x-forwarded-host": "internal:3000", origin: "https://app.example.com" },
      }),
    ).toBe(true);
  });

  it("refuses an opaque or broken Origin", () => {
    expect(isCrossSiteRequest({ method: "POST", headers: { host: "app.example.com", origin: "null" } })).toBe(true);
    expect(isCrossSiteRequest({ method: "PUT", headers: { origin: "https://app.example.com" } })).toBe(true);
  });
});
