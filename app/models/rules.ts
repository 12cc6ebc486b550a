/**
 * A business rule of a model refused a write (a duplicate name, a plan limit, a record in use):
 * messages by field, `_global` when no field is to blame. Screens show them on the fields like
 * schema errors (app/http/forms.server.ts); the API answers 400 (app/http/api.server.ts).
 */
export class RuleError extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors).join("; "));
  }

  /** The first field named (or `_global`), for rules that blame one field. */
  get field(): string {
    return Object.keys(this.fieldErrors)[0] ?? "_global";
  }
}

/** A rule that blames one field (or the form, `_global`): shared as the base of the jobs' and estimates' rule errors. */
export class FieldRuleError extends RuleError {
  constructor(message: string, field = "_global") {
    super({ [field]: message });
  }
}
