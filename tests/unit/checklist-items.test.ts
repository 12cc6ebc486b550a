import { describe, expect, it } from "vitest";
import type { FormAnswer, FormAnswerFile, FormItemDefinition } from "~/db/schema";
import {
  answerField,
  answerText,
  droppedFiles,
  FORM_ITEM_TYPES,
  formDefinitionSchema,
  FormItemType,
  formItemTypeLabels,
  hasFileAnswer,
  IMAGES_PER_ITEM_MAX,
  isComplete,
  parseAnswers,
  removeFileField,
  withKeys,
  type AnswerInput,
} from "~/models/checklists/checklist-items";

const item = (type: number, required: boolean, extra: Partial<FormItemDefinition> = {}): FormItemDefinition => ({
  key: `k${type}`,
  type,
  label: "Answer",
  required,
  ...extra,
});
const file = (n: number): FormAnswerFile => ({
  storageKey: `checklists/${n}.png`,
  fileUrl: `/files/checklists/${n}.png`,
  fileName: `${n}.png`,
  sizeBytes: 100,
});
const input = (values: Record<string, string> = {}, more: Partial<AnswerInput> = {}): AnswerInput => ({
  values,
  files: {},
  removed: {},
  ...more,
});
/** The answer and the error of one item given one posted value. */
function answerOne(definition: FormItemDefinition, value?: string) {
  const posted = value === undefined ? {} : { [answerField(definition.key)]: value };
  const { answers, errors } = parseAnswers([definition], input(posted), {});
  return { answer: answers[definition.key], error: errors[answerField(definition.key)] };
}

describe("form item types", () => {
  it("numbers the nine types in the spec's order, with their labels", () => {
    expect(FORM_ITEM_TYPES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(FORM_ITEM_TYPES.map((t) => formItemTypeLabels[t])).toEqual([
      "Checkbox",
      "Text",
      "Image(s)",
      "Flag",
      "Condition",
      "Signature",
      "Yes/No",
      "Long text",
      "Multiple choice",
    ]);
    expect(FORM_ITEM_TYPES.filter(hasFileAnswer)).toEqual([FormItemType.Images, FormItemType.Signature]);
    expect(answerField("abc")).toBe("answer-abc");
    expect(removeFileField("abc")).toBe("remove-abc");
  });
});

describe("formDefinitionSchema", () => {
  const valid = { name: "Furnace check", items: [{ type: "1", label: "Model", required: "on" }] };

  it("reads the builder's strings: type, required checkbox, a blank description", () => {
    const parsed = formDefinitionSchema.parse({ ...valid, description: "  " });
    expect(parsed).toEqual({
      name: "Furnace check",
      description: undefined,
      items: [{ type: 1, label: "Model", required: true, options: undefined }],
    });
    expect(formDefinitionSchema.parse({ ...valid, items: [{ type: 0, label: "Done" }] }).items[0].required).toBe(false);
  });

  it("answers the catalogue's messages by field", () => {
    const errors = (value: unknown) =>
      formDefinitionSchema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(errors({ name: "", items: [] })).toEqual([
      ["name", "Name is required"],
      ["items", "Add at least 1 item"],
    ]);
    expect(errors({ name: "x".repeat(101), description: "d".repeat(1001), items: [{ type: 9, label: "" }] })).toEqual([
      ["name", "Name is too long - should be 100 chars maximum"],
      ["description", "Description is too long - should be 1000 chars maximum"],
      ["items.0.type", "Type is required"],
      ["items.0.label", "Label is required"],
    ]);
    expect(errors({ ...valid, items: [{ type: "abc", label: "l".repeat(256) }] })).toEqual([
      ["items.0.type", "Type is required"],
      ["items.0.label", "Label is too long - should be 255 chars maximum"],
    ]);
    const tooMany = Array.from({ length: 101 }, () => ({ type: 0, label: "Item" }));
    expect(errors({ ...valid, items: tooMany })).toEqual([["items", "A form holds at most 100 items"]]);
    expect(errors({ ...valid, items: [{ type: 0, label: "Item", key: "not a key!" }] })?.[0][0]).toBe("items.0.key");
    // A blank type is missing, not a checkbox (0).
    expect(errors({ ...valid, items: [{ type: "", label: "Item" }] })).toEqual([["items.0.type", "Type is required"]]);
    const choices = Array.from({ length: 21 }, (_, i) => `Choice ${i}`);
    expect(
      errors({ ...valid, items: [{ type: FormItemType.MultipleChoice, label: "Pick", options: choices }] }),
    ).toEqual([["items.0.options", "A multiple choice holds at most 20 choices"]]);
  });

  it("needs 2 choices for multiple choice, ignores blank ones, and drops choices of other types", () => {
    const mc = (options: string[]) => ({
      ...valid,
      items: [{ type: FormItemType.MultipleChoice, label: "Fuel", options }],
    });
    expect(formDefinitionSchema.safeParse(mc(["Gas", " ", ""])).error?.issues).toMatchObject([
      { path: ["items", 0, "options"], message: "Add at least 2 choices" },
    ]);
    expect(formDefinitionSchema.parse(mc([" Gas ", "", "Oil"])).items[0].options).toEqual(["Gas", "Oil"]);
    expect(formDefinitionSchema.safeParse(mc(["Gas", "o".repeat(101)])).error?.issues[0].message).toBe(
      "Choice is too long - should be 100 chars maximum",
    );
    const text = formDefinitionSchema.parse({ ...valid, items: [{ type: 1, label: "Model", options: ["a", "b"] }] });
    expect(text.items[0].options).toBeUndefined();
  });
});

describe("withKeys", () => {
  it("keeps the keys items had, gives new ones a key, and never two items the same key", () => {
    const keyed = withKeys([
      { key: "keep1", type: 0, label: "A", required: false, options: undefined },
      { type: 1, label: "B", required: true, options: undefined },
      { key: "keep1", type: 8, label: "C", required: false, options: ["x", "y"] },
      { key: "other", type: 3, label: "D", required: false, options: undefined },
    ]);
    expect(keyed[0]).toEqual({ key: "keep1", type: 0, label: "A", required: false });
    expect(keyed[3].key).toBe("other");
    expect(keyed[1].key).toMatch(/^[a-z0-9]{1,16}$/);
    expect(keyed[2].key).not.toBe("keep1");
    expect(keyed[2]).toMatchObject({ type: 8, label: "C", options: ["x", "y"] });
    expect(new Set(keyed.map((k) => k.key)).size).toBe(4);
    expect("options" in keyed[1]).toBe(false);
  });
});

describe("parseAnswers", () => {
  it("checkbox and flag: on or true is checked; required needs it checked", () => {
    for (const type of [FormItemType.Checkbox, FormItemType.Flag]) {
      expect(answerOne(item(type, false), "on")).toEqual({ answer: { value: true }, error: undefined });
      expect(answerOne(item(type, false), "true").answer).toEqual({ value: true });
      expect(answerOne(item(type, false))).toEqual({ answer: { value: false }, error: undefined });
      expect(answerOne(item(type, true))).toEqual({ answer: { value: false }, error: "Answer is required" });
      expect(answerOne(item(type, true), "on").error).toBeUndefined();
    }
  });

  it("text holds 60 characters with the exact message; long text 5000; blank is null", () => {
    const text = item(FormItemType.Text, false, { label: "Serial number" });
    expect(answerOne(text, "x".repeat(60))).toEqual({ answer: { value: "x".repeat(60) }, error: undefined });
    expect(answerOne(text, "x".repeat(61)).error).toBe("Serial number is too long - should be 60 chars maximum");
    expect(answerOne(text, "  trimmed  ").answer).toEqual({ value: "trimmed" });
    expect(answerOne(text, "   ")).toEqual({ answer: { value: null }, error: undefined });
    expect(answerOne({ ...text, required: true }, " ").error).toBe("Serial number is required");
    const long = item(FormItemType.Textarea, true, { label: "Notes" });
    expect(answerOne(long, "x".repeat(5000)).error).toBeUndefined();
    expect(answerOne(long, "x".repeat(5001)).error).toBe("Notes is too long - should be 5000 chars maximum");
    expect(answerOne(long).error).toBe("Notes is required");
    expect(answerOne({ ...long, required: false }).answer).toEqual({ value: null });
  });

  it("condition, yes/no and multiple choice take only their values", () => {
    const condition = item(FormItemType.Condition, true);
    expect(answerOne(condition, "fair")).toEqual({ answer: { value: "fair" }, error: undefined });
    expect(answerOne(condition, "excellent")).toEqual({ answer: { value: null }, error: "Answer is required" });
    expect(answerOne({ ...condition, required: false }, "excellent")).toEqual({
      answer: { value: null },
      error: undefined,
    });
    const yesNo = item(FormItemType.YesNo, true);
    expect(answerOne(yesNo, "no").answer).toEqual({ value: "no" });
    expect(answerOne(yesNo, "maybe").error).toBe("Answer is required");
    expect(answerOne({ ...yesNo, required: false }).answer).toEqual({ value: null });
    const choice = item(FormItemType.MultipleChoice, true, { options: ["Gas", "Oil"] });
    expect(answerOne(choice, "Oil")).toEqual({ answer: { value: "Oil" }, error: undefined });
    expect(answerOne(choice, "Coal")).toEqual({ answer: { value: null }, error: "Answer is required" });
    expect(answerOne({ ...choice, required: false }, "Coal").error).toBeUndefined();
  });

  it("images keep the previous files unless removed, add the new ones, and stop at the limit", () => {
    const images = item(FormItemType.Images, true, { label: "Photos" });
    const previous = { [images.key]: { files: [file(1), file(2)] } };
    const kept = parseAnswers([images], input({}, { files: { [images.key]: [file(3)] } }), previous);
    expect(kept).toEqual({ answers: { [images.key]: { files: [file(1), file(2), file(3)] } }, errors: {} });
    const removed = parseAnswers([images], input({}, { removed: { [images.key]: [file(1).fileUrl] } }), previous);
    expect(removed.answers[images.key].files).toEqual([file(2)]);
    const none = parseAnswers(
      [images],
      input({}, { removed: { [images.key]: [file(1).fileUrl, file(2).fileUrl] } }),
      previous,
    );
    expect(none.errors).toEqual({ [answerField(images.key)]: "Photos is required" });
    expect(parseAnswers([{ ...images, required: false }], input(), {})).toEqual({
      answers: { [images.key]: { files: [] } },
      errors: {},
    });
    const many = Array.from({ length: IMAGES_PER_ITEM_MAX + 1 }, (_, n) => file(n));
    expect(parseAnswers([images], input({}, { files: { [images.key]: many } }), {}).errors).toEqual({
      [answerField(images.key)]: "Photos: at most 10 images",
    });
  });

  it("a new signature replaces the old one; required needs one", () => {
    const signature = item(FormItemType.Signature, true, { label: "Customer signature" });
    const previous = { [signature.key]: { files: [file(1)] } };
    expect(parseAnswers([signature], input(), previous).answers[signature.key]).toEqual({ files: [file(1)] });
    const replaced = parseAnswers([signature], input({}, { files: { [signature.key]: [file(2), file(3)] } }), previous);
    expect(replaced.answers[signature.key]).toEqual({ files: [file(3)] });
    expect(parseAnswers([signature], input(), {}).errors).toEqual({
      [answerField(signature.key)]: "Customer signature is required",
    });
    expect(parseAnswers([{ ...signature, required: false }], input(), {}).errors).toEqual({});
  });

  it("answers every item of a form by key, errors by answer field", () => {
    const items = [item(0, true), item(1, true), item(6, false)];
    const { answers, errors } = parseAnswers(items, input({ "answer-k1": "Model X" }), {});
    expect(Object.keys(answers)).toEqual(["k0", "k1", "k6"]);
    expect(errors).toEqual({ "answer-k0": "Answer is required" });
  });
});

describe("droppedFiles", () => {
  it("lists the previous answers' files the new answers no longer hold", () => {
    const previous: Record<string, FormAnswer> = {
      photos: { files: [file(1), file(2)] },
      sign: { files: [file(3)] },
      text: { value: "x" },
    };
    const next: Record<string, FormAnswer> = { photos: { files: [file(2), file(4)] }, sign: { files: [file(5)] } };
    expect(droppedFiles(previous, next)).toEqual([file(1), file(3)]);
    expect(droppedFiles(previous, previous)).toEqual([]);
    expect(droppedFiles({}, next)).toEqual([]);
  });
});

describe("isComplete", () => {
  const items = [
    item(FormItemType.Checkbox, true),
    item(FormItemType.Text, true),
    item(FormItemType.Images, true),
    item(FormItemType.YesNo, false),
  ];
  const done: Record<string, FormAnswer> = { k0: { value: true }, k1: { value: "ok" }, k2: { files: [file(1)] } };

  it("needs an answer for every required item only", () => {
    expect(isComplete(items, done)).toBe(true);
    expect(isComplete(items, { ...done, k0: { value: false } })).toBe(false);
    expect(isComplete(items, { ...done, k1: { value: "" } })).toBe(false);
    expect(isComplete(items, { ...done, k1: { value: null } })).toBe(false);
    expect(isComplete(items, { ...done, k2: { files: [] } })).toBe(false);
    expect(isComplete(items, { k0: done.k0, k1: done.k1 })).toBe(false);
    expect(isComplete([item(FormItemType.YesNo, false)], {})).toBe(true);
  });
});

describe("answerText", () => {
  it("reads each type's answer as the page and the PDF show it, '' when unanswered", () => {
    const text = (type: number, answer?: FormAnswer, extra: Partial<FormItemDefinition> = {}) =>
      answerText(item(type, false, extra), answer);
    expect([text(0, { value: true }), text(0, { value: false }), text(0)]).toEqual([
      "Checked",
      "Not checked",
      "Not checked",
    ]);
    expect([text(3, { value: true }), text(3)]).toEqual(["Flagged", "Not flagged"]);
    expect([text(6, { value: "yes" }), text(6, { value: "no" }), text(6)]).toEqual(["Yes", "No", ""]);
    expect([text(4, { value: "good" }), text(4, { value: "poor" }), text(4, { value: "odd" }), text(4)]).toEqual([
      "Good",
      "Poor",
      "",
      "",
    ]);
    expect([text(2, { files: [file(1)] }), text(2, { files: [file(1), file(2)] }), text(2, { files: [] })]).toEqual([
      "1 image",
      "2 images",
      "",
    ]);
    expect([text(5, { files: [file(1)] }), text(5)]).toEqual(["Signed", ""]);
    expect([text(1, { value: "Model X" }), text(7, { value: "Long" }), text(1, { value: null })]).toEqual([
      "Model X",
      "Long",
      "",
    ]);
    expect(text(8, { value: "Gas" }, { options: ["Gas", "Oil"] })).toBe("Gas");
  });
});
