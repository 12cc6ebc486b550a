// Items 5 and 6 of the security issue, from the attacker's side, against the built server with the
// demo data: decompression bombs sent as employee photos and price book images are refused from
// their header (and the server keeps answering); a large HEIC converts off the main thread; names
// that a spreadsheet would run as formulas leave in the customers export neutralised and come back
// unchanged through the import.
import { describe, expect, test } from "vitest";
import { heicBomb, heicFixture, heicGridBomb, pngBomb } from "../helpers/image-bombs";
import { baseUrl, liveSessionCookie } from "./harness";

const TOO_MANY_PIXELS = "The image cannot exceed 40 megapixels (for example 8000x5000 pixels).";

type Sent = { status: number; ms: number; text: string };

async function send(
  path: string,
  { cookie, method = "GET", body, json }: { cookie: string; method?: string; body?: FormData; json?: unknown },
): Promise<Sent> {
  const started = Date.now();
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    redirect: "manual",
    headers: { Cookie: cookie, ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
    body: json === undefined ? body : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, ms: Date.now() - started, text };
}

const imageForm = (
  field: string,
  data: Buffer,
  name: string,
  type: string,
  fields: Record<string, string | string[]> = {},
) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  form.append(field, new File([new Uint8Array(data)], name, { type }));
  return form;
};

/** The server is not busy with the last request: a small signed-in call answers at once. */
async function expectResponsive(cookie: string) {
  const probe = await send("/api/users/current", { cookie });
  expect(probe.status).toBe(200);
  expect(probe.ms).toBeLessThan(1_000);
}

describe("item 5: images are measured from their header before any decoder runs", () => {
  test("a 20000x20000 PNG of 50 KB and HEIC files claiming huge sizes are refused as price book images", async () => {
    const cookie = await liveSessionCookie("company admin");
    const bombs: [Buffer, string, string][] = [
      [pngBomb(), "bomb.png", "image/png"],
      [heicBomb(100_000, 100_000), "bomb.heic", "image/heic"],
      [heicGridBomb(60_000, 60_000), "grid.heic", "image/heic"],
    ];
    for (const [data, name, type] of bombs) {
      const refused = await send("/api/price-lists/upload-item-image", {
        cookie,
        method: "POST",
        body: imageForm("file", data, name, type),
      });
      expect(refused.status, name).toBe(400);
      expect(JSON.parse(refused.text), name).toEqual({ errors: { file: TOO_MANY_PIXELS } });
      expect(refused.ms, name).toBeLessThan(3_000);
      await expectResponsive(cookie);
    }
  });

  test("an employee photo that is a pixel bomb is refused on its field and changes nothing", async () => {
    const cookie = await liveSessionCookie("company admin");
    const me = JSON.parse((await send("/api/users/current", { cookie })).text) as { id: number };
    const employee = JSON.parse((await send(`/api/employees/${me.id}`, { cookie })).text) as {
      email: string;
      firstName: string;
      lastName: string;
      mainPhoneNumber: string | null;
      role: number;
      color: string | null;
      logoUrl: string | null;
      tags: { id: number }[];
    };
    const fields = {
      email: employee.email,
      firstName: employee.firstName,
      lastName: employee.lastName,
      mainPhoneNumber: employee.mainPhoneNumber ?? "",
      role: String(employee.role),
      color: employee.color ?? "",
      tags: employee.tags.map((t) => String(t.id)),
    };
    const refused = await send(`/api/employees/${me.id}`, {
      cookie,
      method: "PUT",
      body: imageForm("logo", pngBomb(), "me.png", "image/png", fields),
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual({ errors: { logo: TOO_MANY_PIXELS } });
    const after = JSON.parse((await send(`/api/employees/${me.id}`, { cookie })).text) as { logoUrl: string | null };
    expect(after.logoUrl).toBe(employee.logoUrl);
    await expectResponsive(cookie);
  });

  test("a real 12 MP HEIC converts in a worker: other requests are answered meanwhile", async () => {
    const cookie = await liveSessionCookie("company admin");
    const upload = send("/api/price-lists/upload-item-image", {
      cookie,
      method: "POST",
      body: imageForm("file", heicFixture("teal-4032x3024.heic"), "photo.heic", "image/heic"),
    });
    // Asked while the conversion runs (it takes over a second for 12 MP). Converted on the main
    // thread, the probe would wait for the rest of the conversion.
    await new Promise((r) => setTimeout(r, 300));
    const probe = await send("/api/users/current", { cookie });
    const uploaded = await upload;
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(probe.status).toBe(200);
    expect(uploaded.ms).toBeGreaterThan(800);
    expect(probe.ms).toBeLessThan(Math.max(250, uploaded.ms / 3));
    const { data } = JSON.parse(uploaded.text) as { data: { imageUrl: string } };
    const image = await fetch(`${baseUrl()}${data.imageUrl}`, { headers: { Cookie: cookie } });
    expect(image.headers.get("Content-Type")).toBe("image/png");
  });
});

describe("item 6: CSV exports neutralise formulas and import back unchanged", () => {
  test("customers named =HYPERLINK(...) and +1+cmd|... leave the export quoted and return intact", async () => {
    const cookie = await liveSessionCookie("company admin");
    const unique = `${process.pid}${Date.now().toString(36)}`;
    const digits = String(Date.now()).slice(-4);
    const originals = [
      {
        firstName: '=HYPERLINK("http://evil")',
        lastName: "Click",
        email: `formula-a-${unique}@example.com`,
        mainPhoneNumber: `+1 415 26${digits.slice(0, 1)} ${digits}`,
        ownCompanyName: "@SUM(1+1)",
      },
      {
        firstName: "+1+cmd|' /C calc'!A0",
        lastName: "-2+3",
        email: `formula-b-${unique}@example.com`,
        mainPhoneNumber: `+1 415 27${digits.slice(0, 1)} ${digits}`,
        ownCompanyName: "-5.00",
      },
    ];
    const ids: number[] = [];
    for (const customer of originals) {
      const created = await send("/api/customers/create", { cookie, method: "POST", json: customer });
      expect(created.status, created.text).toBe(201);
      ids.push((JSON.parse(created.text) as { customerId: number }).customerId);
    }
    const stored = async (id: number) =>
      JSON.parse((await send(`/api/customers/${id}`, { cookie })).text) as {
        firstName: string;
        lastName: string;
        email: string;
        mainPhoneNumber: string;
        ownCompanyName: string;
      };
    const before = await Promise.all(ids.map(stored));
    expect(before.map((c) => c.firstName)).toEqual(originals.map((c) => c.firstName));

    const exported = await send("/api/customers/exportCustomers", { cookie });
    expect(exported.status).toBe(200);
    const [header, ...rest] = exported.text.replace(/^\uFEFF/, "").split("\n");
    const mine = rest.filter((line) => line.includes(unique));
    expect(mine).toHaveLength(2);
    expect(mine[0].startsWith(`"'=HYPERLINK(""http://evil"")",Click,formula-a-${unique}@example.com,,'+1415`)).toBe(
      true,
    );
    expect(mine[0]).toContain(",'@SUM(1+1),");
    expect(mine[1].startsWith(`'+1+cmd|' /C calc'!A0,'-2+3,formula-b-${unique}@example.com,,'+1415`)).toBe(true);
    expect(mine[1]).toContain(",'-5.00,");
    for (const line of mine)
      for (const cell of line.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);

    // Deleted customers leave the duplicate checks, so the same rows import as new customers.
    for (const id of ids)
      expect((await send(`/api/customers?id=${id}`, { cookie, method: "DELETE" })).status).toBe(200);
    const form = new FormData();
    form.append("file", new File([[header, ...mine].join("\n")], "customers.csv", { type: "text/csv" }));
    const imported = await send("/api/customers/uploadCustomers", { cookie, method: "POST", body: form });
    expect(imported.status, imported.text).toBe(200);
    const report = JSON.parse(imported.text) as { imported: number; rows: { customerId?: number }[] };
    expect(report.imported).toBe(2);
    const after = await Promise.all(report.rows.map((r) => stored(r.customerId!)));
    const pick = (c: (typeof before)[number]) => ({
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      mainPhoneNumber: c.mainPhoneNumber,
      ownCompanyName: c.ownCompanyName,
    });
    expect(after.map(pick)).toEqual(before.map(pick));
    expect(after[1].mainPhoneNumber).toMatch(/^\+1415/);
  });
});
