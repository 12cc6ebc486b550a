import { describe, expect, it } from "vitest";
import { isOddPath } from "~/http/odd-paths.server";

describe("odd spellings of a path (refused before the URL parser and the router see them)", () => {
  it.each([
    "/jobs/%2e%2e/customers",
    "/jobs/%2E%2E/customers",
    "/jobs/.%2e/customers",
    "/jobs/../customers",
    "/customers/./",
    "/customers/.",
    "/jobs\\..\\customers",
    "/%63ustomers",
    "/jobs/%31",
    "/customers%2F1",
    "/customers%5c1",
    "/customers%00",
    "/customers%7F",
    "/customers%0a",
    "/%",
    "/customers/%",
    "/jobs/%ZZ",
    "/customers/%FF",
    "/customers/%7E",
  ])("%s is odd", (path) => expect(isOddPath(path)).toBe(true));

  it.each([
    "/",
    "/customers",
    "/customers/12/edit",
    "/favicon.ico",
    "/build/root-ABC123.js",
    "/online-booking/my%20form",
    "/files/1/logos/a%2Bb.png",
    "/service-visit-details/aB3_-x9",
    "/caf%C3%A9",
    "/.well-known/x",
  ])("%s is not", (path) => expect(isOddPath(path)).toBe(false));
});
