import { json } from "@remix-run/node";
import { eq } from "drizzle-orm";
import type { Access } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { unknownIntent } from "~/http/forms.server";
import { withUploadForm } from "~/http/uploads.server";
import {
  readWizardForm,
  stepOfField,
  withImageLine,
  withPagePicks,
  withTriggerRules,
  wizardIntentSchema,
  wizardStepSchema,
  CAMPAIGN_IMAGE_FOLDER,
  campaignImageRules,
  type AudienceView,
  type WizardState,
} from "~/models/campaigns/campaign-wizard";
import {
  campaignMessages,
  firstStepWithIssues,
  formOfValues,
  NEW_CAMPAIGN_FORM,
  valuesOfForm,
  wizardErrors,
  WIZARD_STEPS,
  type CampaignForm,
  type CampaignRuleContext,
} from "~/models/campaigns/campaigns.schema";
import {
  campaignRules,
  countAudience,
  createCampaign,
  findCampaign,
  listAudience,
  updateCampaign,
  valuesOfCampaign,
} from "~/models/campaigns/campaigns.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { displayName } from "~/models/customers/customers.schema";
import { IMAGE_MAX_BYTES, imageMessages } from "~/models/files/file-rules";
import type { UploadRule } from "~/models/files/upload-rules.server";
import { RuleError } from "~/models/rules";
import { PRODUCT_NAME } from "~/server/env.server";
import { ImageUploadError, isFileChosen, storeImageUpload } from "~/services/images.server";
import { toasts } from "~/sessions.server";
import { formatPhone } from "~/utils/validation";

/*
 * The campaign wizard's loader and action, shared by Add and Edit: every step posts the whole
 * campaign and comes back with the step to show, its errors, and (on Target audience) one page of
 * customers and the selected count, counted here.
 */

const AUDIENCE_STEP = WIZARD_STEPS.findIndex((s) => s.id === "audience");
const MESSAGE_STEP = WIZARD_STEPS.findIndex((s) => s.id === "message");
const AUDIENCE_PAGE_SIZE = 10;
const LIST_URL = "/communication?tab=custom-campaigns";

/**
 * The wizard's own upload rule: one image, and an oversize one is left out with the spec's message
 * while the rest of the campaign comes through (refusing the body would lose every step's fields).
 */
const wizardUpload: UploadRule = {
  fileLimit: () => ({ bytes: IMAGE_MAX_BYTES, message: imageMessages.imageTooLarge }),
  maxFiles: { count: 1, message: "Add one image at a time." },
  oversize: "drop",
  maxBytes: 5 * IMAGE_MAX_BYTES,
};

type Target = { campaignId: number | null };

async function storedForm(access: Access, target: Target, timeZone: string): Promise<CampaignForm> {
  if (target.campaignId === null) return NEW_CAMPAIGN_FORM;
  const row = await findCampaign(access.ctx, target.campaignId);
  if (!row) notFound();
  return formOfValues(valuesOfCampaign(row), timeZone);
}

/** The wizard's page: the stored (or new) campaign on step 1, the company's tags, the preview's brand. */
export async function wizardPage(access: Access, target: Target) {
  const rules = await campaignRules(access.ctx.companyId);
  const [form, tags, [company]] = await Promise.all([
    storedForm(access, target, rules.timeZone),
    listTags(access.ctx, TagType.Customer),
    db
      .select({ businessPhoneNumber: companies.businessPhoneNumber })
      .from(companies)
      .where(eq(companies.id, access.company.id)),
  ]);
  return {
    tags,
    timeZone: rules.timeZone,
    canSendTexts: rules.canSendTexts,
    brand: {
      businessName: access.company.businessName,
      logoUrl: access.company.logoUrl,
      businessPhone: formatPhone(company?.businessPhoneNumber) || null,
      poweredBy: PRODUCT_NAME,
    },
    initial: { form, step: 0, errors: {}, audience: null, rev: 0 } satisfies WizardState,
  };
}

const idsOf = (values: FormDataEntryValue[]) =>
  values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
const flagOf = (value: FormDataEntryValue | null) => (value === "true" ? true : value === "false" ? false : null);

/** The step shown for a set of errors: the first one that owns a field of them. */
function stepOfErrors(errors: Record<string, string>, fallback: number) {
  const steps = Object.keys(errors).flatMap((field) => stepOfField(field) ?? []);
  return steps.length ? Math.min(...steps) : fallback;
}

/** The wizard's posts: next, back, the saves, and the stays (preview, image, search, audience pages). */
export async function wizardAction(request: Request, access: Access, target: Target): Promise<Response> {
  const rules = await campaignRules(access.ctx.companyId);
  const refused = async (message: string) =>
    answer(access, rules, await storedForm(access, target, rules.timeZone), MESSAGE_STEP, { image: message }, 1, 413);
  return withUploadForm(request, wizardUpload, refused, async (formData, dropped) => {
    const intent = wizardIntentSchema.safeParse(formData.get("intent"));
    if (!intent.success) unknownIntent();
    const from = wizardStepSchema.parse(formData.get("step"));
    let form = withTriggerRules(readWizardForm(formData));
    if (from === AUDIENCE_STEP)
      form = withPagePicks(form, {
        shown: idsOf(formData.getAll("shownCustomerIds")),
        picked: idsOf(formData.getAll("pickedCustomerIds")),
        checkAllShown: flagOf(formData.get("checkAllShown")),
      });
    const postedPage = Math.max(1, Math.min(100_000, Number(formData.get("audiencePage")) || 1));
    const stay = (errors: Record<string, string> = {}, page = postedPage) =>
      answer(access, rules, form, from, errors, page, Object.keys(errors).length ? 422 : 200);

    switch (intent.data) {
      case "next": {
        form = await counted(access, form, rules);
        const errors = wizardErrors(form, rules, from);
        if (Object.keys(errors).length)
          return answer(access, rules, form, stepOfErrors(errors, from), errors, postedPage, 422);
        return answer(access, rules, form, Math.min(from + 1, WIZARD_STEPS.length - 1), {}, 1, 200);
      }
      case "back":
        return answer(access, rules, form, Math.max(from - 1, 0), {}, 1, 200);
      case "save-live":
      case "save-inactive":
        return save(access, target, rules, form, intent.data === "save-live");
      case "add-image": {
        if (dropped.length) return stay({ image: dropped[0].message });
        const file = formData.get("image");
        if (!isFileChosen(file)) return stay({ image: "Choose an image to add" });
        try {
          const image = await storeImageUpload({
            companyId: access.ctx.companyId,
            folder: CAMPAIGN_IMAGE_FOLDER,
            file,
            rules: campaignImageRules,
          });
          form = { ...form, emailMessage: withImageLine(form.emailMessage, image.url) };
          return stay();
        } catch (error) {
          if (error instanceof ImageUploadError) return stay({ image: error.message });
          throw error;
        }
      }
      case "search":
        return stay({}, 1);
      case "preview":
      case "audience":
        return stay();
      default:
        return stay({}, Number(intent.data.slice("page:".length)) || 1);
    }
  });
}

/** The campaign with its audience counted now (the selected count is never taken from the form). */
async function counted(access: Access, form: CampaignForm, rules: CampaignRuleContext): Promise<CampaignForm> {
  const selectedCustomersNumber = await countAudience(access.ctx.companyId, valuesOfForm(form, rules.timeZone));
  return { ...form, selectedCustomersNumber };
}

async function save(access: Access, target: Target, rules: CampaignRuleContext, form: CampaignForm, live: boolean) {
  const checkedForm = await counted(access, form, rules);
  const first = firstStepWithIssues(checkedForm, rules);
  if (first !== null)
    return answer(access, rules, checkedForm, first, wizardErrors(checkedForm, rules, WIZARD_STEPS.length - 1), 1, 422);
  const values = { ...valuesOfForm(checkedForm, rules.timeZone), isActive: live };
  const dateParts = { specificDate: checkedForm.specificDate, specificTime: checkedForm.specificTime };
  try {
    if (target.campaignId === null) {
      await createCampaign(access.ctx, values, rules, dateParts);
      return toasts().redirectWithSuccess(LIST_URL, campaignMessages.created);
    }
    if (!(await updateCampaign(access.ctx, target.campaignId, values, rules, dateParts))) notFound();
    return toasts().redirectWithSuccess(LIST_URL, campaignMessages.updated);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const step = stepOfErrors(error.fieldErrors, WIZARD_STEPS.length - 1);
    return answer(access, rules, checkedForm, step, error.fieldErrors, 1, 422);
  }
}

/** The page after a post: the step with its errors; from Target audience on, the selected count (and its customers). */
async function answer(
  access: Access,
  rules: CampaignRuleContext,
  form: CampaignForm,
  step: number,
  errors: Record<string, string>,
  page: number,
  status: number,
) {
  const shown = step >= AUDIENCE_STEP ? await counted(access, form, rules) : form;
  let audience: AudienceView | null = null;
  if (step === AUDIENCE_STEP) {
    const pageOf = (pageNumber: number) =>
      listAudience(access.ctx, {
        pageNumber,
        pageSize: AUDIENCE_PAGE_SIZE,
        tags: shown.includeTagIds,
        excludeTags: shown.excludeTagIds,
        searchQuery: shown.search,
      });
    let list = await pageOf(page);
    // Past the end (the filters narrowed the list): the last page.
    const last = Math.max(1, Math.ceil(list.total / AUDIENCE_PAGE_SIZE));
    if (page > last) list = await pageOf((page = last));
    audience = {
      items: list.items.map((c) => ({
        id: c.id,
        name: displayName(c),
        company: c.ownCompanyName,
        address: c.billingAddress?.location ?? null,
      })),
      total: list.total,
      page,
      pageSize: AUDIENCE_PAGE_SIZE,
    };
  }
  const state: WizardState = { form: shown, step, errors, audience, rev: Date.now() + Math.random() };
  return json(state, { status });
}
