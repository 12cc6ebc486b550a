import { describe, expect, it } from "vitest";
import { applyResponsePolicy } from "~/http/response-policy.server";

const html = (headers: HeadersInit = {}) =>
  new Response("<!DOCTYPE html><p>page</p>", { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
const jsonAnswer = (headers: HeadersInit = {}) =>
  new Response("{}", { headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });
const withCookies = (...cookies: string[]) => {
  const response = new Response(null, { status: 302, headers: { Location: "/dashboard" } });
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
const session = { Cookie: "__session=abc.def" };
/** The Cache-Control the policy leaves on the answer to a request. */
const cacheControl = (url: string, init: RequestInit, answer: Response) =>
  applyResponsePolicy(new Request(url, init), answer).headers.get("Cache-Control");

describe("copies the service worker keeps", () => {
  it("set no cookie: a session signed out or switched since the copy was asked stays as the browser has it", () => {
    const answer = applyResponsePolicy(
      new Request("https://app.example.com/jobs/7?_data=root", { headers: { ...session, "Offline-Keep": "1" } }),
      withCookies("__session=; Path=/; Max-Age=0", "__toast=t1; Path=/; HttpOnly"),
    );
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.headers.get("Location")).toBe("/dashboard");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("the same answer to the page itself keeps its cookies", () => {
    const answer = applyResponsePolicy(
      new Request("http://app.example.com/jobs/7?_data=root", { headers: session }),
      withCookies("__session=; Path=/; Max-Age=0"),
    );
    expect(answer.headers.getSetCookie()).toEqual(["__session=; Path=/; Max-Age=0"]);
  });
});

describe("cookies over HTTPS", () => {
  it("makes every cookie Secure when the request came over HTTPS", () => {
    const answer = applyResponsePolicy(
      new Request("https://app.example.com/login", { method: "POST" }),
      withCookies("__session=s1; Path=/; HttpOnly; SameSite=Lax", "__toast=t1; Path=/; HttpOnly; Secure"),
    );
    expect(answer.headers.getSetCookie()).toEqual([
      "__session=s1; Path=/; HttpOnly; SameSite=Lax; Secure",
      "__toast=t1; Path=/; HttpOnly; Secure",
    ]);
    expect(answer.headers.get("Location")).toBe("/dashboard");
    expect(answer.status).toBe(302);
  });

  it("leaves them as they are over plain HTTP", () => {
    const answer = applyResponsePolicy(
      new Request("http://app.example.com/login", { method: "POST" }),
      withCookies("__session=s1; Path=/; HttpOnly; SameSite=Lax"),
    );
    expect(answer.headers.getSetCookie()).toEqual(["__session=s1; Path=/; HttpOnly; SameSite=Lax"]);
  });
});

describe("Cache-Control for signed-in answers", () => {
  it("is no-store on a signed-in page, its data and API answers, session or API key", async () => {
    expect(cacheControl("http://x/customers", { headers: session }, html())).toBe("no-store");
    expect(
      cacheControl(
        "http://x/customers?_data=routes%2F_app%2B%2Fcustomers%2B%2F_index",
        { headers: session },
        jsonAnswer(),
      ),
    ).toBe("no-store");
    expect(cacheControl("http://x/api/customers/page", { headers: { "X-API-Key": "k" } }, jsonAnswer())).toBe(
      "no-store",
    );
    expect(cacheControl("http://x/api/users/current", { headers: { Authorization: "Bearer k" } }, jsonAnswer())).toBe(
      "no-store",
    );
    // A public answer given to a signed-in caller is not kept either.
    const publicAnswer = jsonAnswer({ "Cache-Control": "public, max-age=300" });
    expect(cacheControl("http://x/api/openapi.json", { headers: session }, publicAnswer)).toBe("no-store");
    const body = applyResponsePolicy(new Request("http://x/customers", { headers: session }), html());
    expect(await body.text()).toBe("<!DOCTYPE html><p>page</p>");
  });

  it("is no-store on any answer that sets a cookie", () => {
    const signIn = withCookies("__session=s1; Path=/");
    expect(cacheControl("http://x/api/account/sign-in", { method: "POST" }, signIn)).toBe("no-store");
  });

  it("leaves a visitor's page, and a stored file's own rule, alone", () => {
    expect(cacheControl("http://x/login", {}, html())).toBeNull();
    const publicAnswer = jsonAnswer({ "Cache-Control": "public, max-age=300" });
    expect(cacheControl("http://x/api/openapi.json", {}, publicAnswer)).toBe("public, max-age=300");
    const file = new Response("png", {
      headers: { "Content-Type": "image/png", "Cache-Control": "private, max-age=3600" },
    });
    expect(cacheControl("http://x/files/1/customers/a.png", { headers: session }, file)).toBe("private, max-age=3600");
    expect(cacheControl("http://x/files/1/customers/a.pdf", { headers: session }, new Response("pdf"))).toBe(
      "no-store",
    );
    const ownRule = html({ "Cache-Control": "private, no-store" });
    expect(cacheControl("http://x/service-visit-details/t", { headers: session }, ownRule)).toBe("private, no-store");
  });
});

describe("server errors", () => {
  it("are never stored, for a visitor too", () => {
    const failed = new Response("<!DOCTYPE html><p>Something went wrong</p>", {
      status: 500,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    expect(cacheControl("http://app.example.com/estimate-details/abc", {}, failed)).toBe("no-store");
    expect(cacheControl("http://app.example.com/estimate-details/abc", {}, html())).toBeNull();
  });
});
