import { z } from "zod";
import {
  assignEstimateChecklistsSchema,
  assignJobChecklistsSchema,
  removeEstimateChecklistSchema,
  removeJobChecklistSchema,
} from "~/models/checklists/assigned-checklists.schema";
import { dataOf, registerCall } from "~/openapi/registry.server";

// Checklists on jobs and estimates: assign the company's forms, remove them, read and answer them.

const id = z.number().int().positive();
const answerFile = z.object({ fileUrl: z.string(), fileName: z.string(), sizeBytes: z.number().int() });
const checklist = z.object({
  id: z.number().int().openapi({ description: "The assigned checklist: {checklistId} of the paths" }),
  jobId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  companyCheckListId: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "The company form it was copied from (null once that form is deleted)" }),
  name: z.string(),
  items: z.array(
    z.object({
      key: z.string().openapi({ description: "Names the item's answer field: answer-<key>" }),
      type: z.number().int().openapi({
        description:
          "0 checkbox, 1 text, 2 images, 3 flag, 4 condition, 5 signature, 6 yes/no, 7 long text, 8 multiple choice",
      }),
      label: z.string(),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
    }),
  ),
  answers: z.record(
    z.object({
      value: z.union([z.string(), z.boolean()]).nullable().optional(),
      files: z.array(answerFile).optional(),
    }),
  ),
  isCompleted: z.boolean().openapi({ description: "Every required item is answered" }),
  completedAt: z.string().nullable(),
  answeredByUserId: z.number().int().nullable(),
  answeredByName: z.string().nullable(),
  answeredByCustomer: z.boolean(),
  publicToken: z.string().openapi({ description: "The last segment of its public page" }),
  position: z.number().int(),
});
const answers = z
  .object({
    "answer-<key>": z.string().openapi({
      description:
        "One field per item: checkbox and flag 'on' or 'true'; text (at most 60 characters) and long text; condition good, fair or poor; yes/no yes or no; multiple choice one of its options; images one or more image files (JPEG, PNG, HEIC, at most 10 MB each, 10 per item); signature an image file, a PNG or JPEG data URL, or a typed name",
    }),
    "remove-<key>": z
      .string()
      .optional()
      .openapi({ description: "A stored photo's or signature's fileUrl to remove (repeat for several)" }),
  })
  .openapi({ description: "Items left out are saved unanswered; stored files stay unless removed" });

for (const [kind, entity] of [
  ["jobs", "job"],
  ["estimates", "estimate"],
] as const) {
  const tag = kind === "jobs" ? "Jobs" : "Estimates";
  const access = `any signed-in role with the forms and checklists plan feature; a field tech only reaches ${kind} assigned to them (others answer 404)`;
  const job = kind === "jobs";
  registerCall({
    method: "post",
    path: `/${kind}/assign-checklists`,
    tag,
    access,
    summary: job
      ? "Copy the company's forms onto the job; includeRecurrent on a recurring visit: onto it and the following visits, and onto visits made later. A form already on a record is left alone; another company's form answers 404"
      : "Copy the company's forms onto the estimate. A form already on it is left alone; another company's form answers 404",
    body: job ? assignJobChecklistsSchema : assignEstimateChecklistsSchema,
    response: dataOf(z.object({ [`${entity}Id`]: z.number().int(), checklists: z.array(checklist) })),
  });
  registerCall({
    method: "post",
    path: `/${kind}/remove-checklist`,
    tag,
    access,
    summary: job
      ? "Remove the form's checklist (and its photos and signature) from the job; includeRecurrent: from the following visits too, and visits made later no longer get it"
      : "Remove the form's checklist (and its photos and signature) from the estimate",
    body: job ? removeJobChecklistSchema : removeEstimateChecklistSchema,
    response: dataOf(z.object({ [`${entity}Id`]: z.number().int(), companyCheckListId: z.number().int() })),
  });
  registerCall({
    method: "get",
    path: `/${kind}/{id}/checklists`,
    tag,
    access,
    summary: `The ${entity}'s checklists with their items and answers, in order`,
    params: z.object({ id }),
    response: dataOf(z.array(checklist)),
  });
  registerCall({
    method: "get",
    path: `/${kind}/{id}/checklist/{checklistId}`,
    tag,
    access,
    summary: `One checklist of the ${entity}`,
    params: z.object({ id, checklistId: id }),
    response: dataOf(checklist),
  });
  registerCall({
    method: "put",
    path: `/${kind}/{id}/checklist/{checklistId}`,
    tag,
    access,
    summary: `Answer a checklist of the ${entity} (multipart/form-data): completed when every required item is answered${job ? ", with a 'Checklist completed' timeline entry" : ""}. Errors: 400 {errors: {"answer-<key>": message}}, or {message} for a body refused while it streams (too large, too many files)`,
    params: z.object({ id, checklistId: id }),
    multipart: answers,
    response: dataOf(checklist),
  });
}
