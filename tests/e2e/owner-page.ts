import type { Page } from "playwright-core";
import { baseUrl, newPage, type Width } from "./harness";

/**
 * A page signed in with a session cookie of a company of its own (as `signUpOwner` answers), for the
 * settings pages whose tests keep the demo company as seeded.
 */
export async function ownerPage(cookie: string, javaScript: boolean, width: Width = 1366): Promise<Page> {
  const page = await newPage({ javaScript, width });
  const [name, ...value] = cookie.split("=");
  await page.context().addCookies([
    {
      name,
      value: value.join("="),
      domain: new URL(baseUrl()).hostname,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: false,
    },
  ]);
  return page;
}
