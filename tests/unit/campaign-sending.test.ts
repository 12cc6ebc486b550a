import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/http/app-url.server";
import {
  CAMPAIGN_KIND,
  campaignImages,
  campaignSender,
  jobMessageKey,
} from "~/models/campaigns/campaign-sending.server";
import { emailHtml } from "~/models/messaging/email-html";

describe("campaign sending", () => {
  it("keys a job-finished message by campaign and job (ADR 062)", () => {
    expect(jobMessageKey(12, 345)).toBe("campaign:12:job:345");
  });

  it("routes only the campaign kind to its sender", () => {
    expect(campaignSender(CAMPAIGN_KIND)).toBeTypeOf("function");
    expect(campaignSender("plan_invoice")).toBeNull();
  });

  it("shows only the company's own public uploads as images, as absolute addresses", () => {
    const images = campaignImages(7);
    const own = "/files/7/campaign-images/abcdefghijklmnop1234.png";
    expect(images(own)).toBe(absoluteUrl(own));
    expect(images("/files/7/logos/abcdefghijklmnop1234.png")).toBe(
      absoluteUrl("/files/7/logos/abcdefghijklmnop1234.png"),
    );
    expect(images(absoluteUrl(own))).toBe(absoluteUrl(own));
    // Another company's file, a private folder, an outside address, a path that leaves the folder.
    expect(images("/files/8/campaign-images/abcdefghijklmnop1234.png")).toBeNull();
    expect(images("/files/7/attachments/abcdefghijklmnop1234.png")).toBeNull();
    expect(images("https://images.example.com/a.png")).toBeNull();
    expect(images("/files/7/logos/../../8/logos/abcdefghijklmnop1234.png")).toBeNull();

    const html = emailHtml({
      companyName: "Acme",
      logoUrl: null,
      subject: "Hi",
      text: `Hello\n\n![Team](${own})\n\n![Other](https://images.example.com/a.png)`,
      images,
    });
    expect(html).toContain(`<img src="${absoluteUrl(own)}" alt="Team"`);
    expect(html).not.toContain('src="https://images.example.com');
  });
});
