import { describe, expect, it } from "vitest";
import type { z } from "#app/lib/zod.ts";
import type { FormDefinition, FormKey } from "#app/forms/definition.ts";
import { forms } from "#app/forms/registry.ts";

/**
 * A form's fields (the inputs on its page) and its schema (what the browser
 * and the server accept) come from one definition: they must agree.
 */

const formList: readonly FormDefinition<FormKey, z.ZodMiniObject>[] = Object.values(forms);
const fieldsOf = (form: FormDefinition<FormKey, z.ZodMiniObject>) =>
  Object.values(form.fields).map((field) => ({ field, rule: (form.schema.shape as Record<string, z.ZodMiniType>)[field.name] }));

describe("every form's fields", () => {
  it("are each one of its schema's fields, under the name it posts as", () => {
    for (const form of formList) {
      expect(Object.keys(form.fields).length, form.key).toBeGreaterThan(0);
      for (const [key, field] of Object.entries(form.fields)) {
        expect(field.name, `${form.key}.${key}`).toBe(key);
        expect(field.name in form.schema.shape, `${form.key}.${key} in the schema`).toBe(true);
      }
    }
  });

  it("are required on the page exactly when the schema refuses them missing", () => {
    for (const form of formList) {
      for (const { field, rule } of fieldsOf(form)) {
        expect(rule!.safeParse(undefined).success, `${form.key}.${field.name}`).toBe(!field.required);
      }
    }
  });

  it("offer only options the schema accepts", () => {
    for (const form of formList) {
      for (const { field, rule } of fieldsOf(form)) {
        for (const option of field.options ?? []) {
          const value = typeof option === "string" ? option : option.value;
          const posted = form.listFields?.includes(field.name) ? [value] : value;
          expect(rule!.safeParse(posted).success, `${form.key}.${field.name} = ${value}`).toBe(true);
        }
      }
    }
  });

  it("take at most their maxLength characters, as the schema does", () => {
    for (const form of formList) {
      for (const { field, rule } of fieldsOf(form)) {
        if (!field.maxLength) continue;
        const codes = (length: number) => rule!.safeParse("x".repeat(length)).error?.issues.map((issue) => issue.code) ?? [];
        expect(codes(field.maxLength + 1), `${form.key}.${field.name} over its maxLength`).toContain("too_big");
        expect(codes(field.maxLength), `${form.key}.${field.name} at its maxLength`).not.toContain("too_big");
      }
    }
  });
});
