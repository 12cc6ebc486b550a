import { describe, expect, it } from "vitest";
import { findRouteRule, isPublicPath, matchPattern } from "~/access/route-table";
import { homePathFor, Role } from "~/access/roles";

describe("route table", () => {
  it("matches one segment per parameter, optional parameters and splats", () => {
    expect(matchPattern("/customers/:id", "/customers/12")).toBe(true);
    expect(matchPattern("/customers/:id", "/customers/12/extra")).toBe(false);
    expect(matchPattern("/assign-service-plan/:customerId?", "/assign-service-plan")).toBe(true);
    expect(matchPattern("/assign-service-plan/:customerId?", "/assign-service-plan/3")).toBe(true);
    expect(matchPattern("/two-way-text-settings/*", "/two-way-text-settings/register")).toBe(true);
  });

  it("prefers static segments over parameters", () => {
    expect(findRouteRule("/jobs/new")?.pattern).toBe("/jobs/new");
    expect(findRouteRule("/jobs/42")?.pattern).toBe("/jobs/:id");
    expect(findRouteRule("/booking-requests/past")?.pattern).toBe("/booking-requests/past");
  });

  it("applies the spec's public-path rule", () => {
    expect(isPublicPath("/login")).toBe(true);
    expect(isPublicPath("/online-booking/acme")).toBe(true);
    expect(isPublicPath("/company-public-forms/1/job/2/form/3")).toBe(true);
    expect(isPublicPath("/customers")).toBe(false);
    expect(isPublicPath("/no-such-page")).toBe(false);
  });

  it("knows each role's home page", () => {
    expect(homePathFor(Role.SuperAdmin)).toBe("/admin-panel");
    expect(homePathFor(Role.CompanyAdmin)).toBe("/dashboard");
    expect(homePathFor(Role.OfficeStaff)).toBe("/dashboard");
    expect(homePathFor(Role.FieldTech)).toBe("/schedule");
  });
});
