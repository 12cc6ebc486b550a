import { describe, expect, it } from "vitest";
import { accessFor, createTestCompany } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { customerInputSchema } from "~/models/customers/customers.schema";
import {
  checkCustomerEmail,
  checkCustomerPhone,
  createCustomer,
  CustomerRuleError,
  deleteCustomer,
  getCustomer,
  listCustomersPage,
  searchCustomers,
  updateCustomer,
} from "~/models/customers/customers.server";
import { createTag } from "~/models/company/tags.server";
import { listLeadSources } from "~/models/company/lead-sources.server";

useTestDatabase();

const input = (fields: Record<string, unknown>) => customerInputSchema().parse({ firstName: "Ann", ...fields });

describe("customers model", () => {
  it("creates, reads, updates, lists, searches and deletes within the company", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const { ctx } = await accessFor(a.userId);
    const { ctx: other } = await accessFor(b.userId);
    const vip = await createTag(ctx, { name: "VIP", type: 0 });
    const [source] = await listLeadSources(ctx);
    const id = await createCustomer(
      ctx,
      input({
        firstName: "Mary",
        lastName: "Jones",
        email: "Mary@Example.com",
        additionalEmails: ["", "mj@work.com"],
        mainPhoneNumber: "(415) 555-2671",
        secondaryPhoneNumbers: ["", "415-555-0000"],
        ownCompanyName: "Acme Plumbing",
        addresses: [{ location: "12 Oak St, Springfield" }, { location: "99 Elm Ave", unitNumber: "4B" }],
        billingAddressIndex: 1,
        tagIds: [vip.id],
        leadSourceIds: [source.id],
      }),
    );
    const customer = await getCustomer(ctx, id);
    expect(customer).toMatchObject({
      email: "mary@example.com",
      additionalEmails: ["mj@work.com"],
      mainPhoneNumber: "+14155552671",
      secondaryPhoneNumbers: ["+14155550000"],
      tags: [{ id: vip.id, label: "VIP" }],
      leadSourceIds: [source.id],
      billingAddress: { location: "99 Elm Ave", unitNumber: "4B" },
    });
    expect(await getCustomer(other, id)).toBeNull();

    const page = await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id,
      ownCompanyName: "Acme Plumbing",
      billingAddress: { location: "99 Elm Ave" },
      tags: [{ label: "VIP" }],
    });
    expect((await listCustomersPage(other, { pageNumber: 1, pageSize: 10 })).total).toBe(0);
    for (const q of ["mary", "jon", "acme", "mj@work", "example.com", "555-2671", "4155552671", "elm", "oak spring"]) {
      expect(
        (await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10, searchQuery: q })).items.map((r) => r.id),
        q,
      ).toEqual([id]);
    }
    expect((await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10, searchQuery: "zzz" })).total).toBe(0);
    expect((await listCustomersPage(other, { pageNumber: 1, pageSize: 10, searchQuery: "mary" })).total).toBe(0);
    expect((await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10, tagIds: [vip.id] })).total).toBe(1);
    expect((await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10, excludeTagIds: [vip.id] })).total).toBe(0);
    expect((await searchCustomers(ctx, "mar")).map((c) => c.id)).toEqual([id]);

    expect(await checkCustomerEmail(ctx, "MARY@example.com")).toEqual({ isTaken: true, takenBy: "Mary Jones" });
    expect(await checkCustomerEmail(ctx, "MARY@example.com", id)).toEqual({ isTaken: false, takenBy: null });
    expect(await checkCustomerEmail(other, "mary@example.com")).toEqual({ isTaken: false, takenBy: null });
    expect(await checkCustomerPhone(ctx, "4155552671")).toEqual({ isTaken: true, takenBy: "Mary Jones" });
    await expect(createCustomer(ctx, input({ email: "mary@example.com" }))).rejects.toThrow(CustomerRuleError);
    await expect(createCustomer(ctx, input({ mainPhoneNumber: "+1 415 555 2671" }))).rejects.toThrow(
      "Primary Phone already taken by Mary Jones",
    );
    expect(await createCustomer(other, input({ email: "mary@example.com" }))).toBeGreaterThan(0);

    const before = await getCustomer(ctx, id);
    const keep = before!.addresses[1];
    expect(
      await updateCustomer(
        ctx,
        id,
        input({
          firstName: "Marie",
          email: "mary@example.com",
          addresses: [{ id: keep.id, location: "99 Elm Avenue" }, { location: "1 New Rd" }],
          billingAddressIndex: 1,
        }),
      ),
    ).toBe(true);
    const after = await getCustomer(ctx, id);
    expect(after!.addresses.map((a) => [a.id === keep.id, a.location, a.isBilling])).toEqual([
      [true, "99 Elm Avenue", false],
      [false, "1 New Rd", true],
    ]);
    expect(after!.leadSourceIds).toBeNull();
    expect(await updateCustomer(other, id, input({}))).toBe(false);

    expect(await deleteCustomer(other, id)).toBe(false);
    expect(await deleteCustomer(ctx, id)).toBe(true);
    expect(await getCustomer(ctx, id)).toBeNull();
    expect((await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10 })).total).toBe(0);
    expect((await checkCustomerEmail(ctx, "mary@example.com")).isTaken).toBe(false);
  });
});

describe("customer list order", () => {
  it("sorts by name, company and billing address without regard to case, page after page", async () => {
    const { userId } = await createTestCompany();
    const { ctx } = await accessFor(userId);
    const people = [
      { firstName: "bob", lastName: "Zed", ownCompanyName: "acme", addresses: [{ location: "3 Pine Rd" }] },
      { firstName: "Alice", lastName: "Young", ownCompanyName: "Zeta Heating", addresses: [{ location: "1 Oak St" }] },
      { firstName: "alice", lastName: "Adams", addresses: [{ location: "2 elm Ave" }] },
      { firstName: "Carl", ownCompanyName: "Beta Cooling" },
      { firstName: `${"é".repeat(255)}`, lastName: "Long" },
    ];
    const long = "é".repeat(12);
    for (const person of people) await createCustomer(ctx, input(person));
    const names = async (q: Partial<Parameters<typeof listCustomersPage>[1]>) =>
      (await listCustomersPage(ctx, { pageNumber: 1, pageSize: 10, ...q })).items.map((r) =>
        `${r.firstName} ${r.lastName ?? ""}`.trim().slice(0, 12),
      );
    expect(await names({ pageSize: 2 })).toEqual(["alice Adams", "Alice Young"]);
    expect(await names({ pageSize: 2, pageNumber: 2 })).toEqual(["bob Zed", "Carl"]);
    expect(await names({ pageSize: 2, pageNumber: 3 })).toEqual([long]);
    expect(await names({ pageSize: 2, descending: true })).toEqual([long, "Carl"]);
    expect(await names({ sortField: "ownCompanyName" })).toEqual([
      "alice Adams",
      long,
      "bob Zed",
      "Carl",
      "Alice Young",
    ]);
    expect(await names({ sortField: "billingAddress", pageSize: 3, pageNumber: 2 })).toEqual([
      "alice Adams",
      "bob Zed",
    ]);
  });
});
