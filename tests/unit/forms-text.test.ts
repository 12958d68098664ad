import { describe, expect, it } from "vitest";
import type { z } from "#app/lib/zod.ts";
import { checkTheFields } from "#app/forms/messages.ts";
import { typedEmail } from "#server/mail/address.ts";
import { type FormDefinition, type FormKey, shortLabelOf } from "#app/forms/definition.ts";
import { notAllowed, websiteUrlMessage } from "#app/forms/rules.ts";
import { orderForm, orderMessages, splitOrderMessage } from "#app/forms/order.ts";
import { forms } from "#app/forms/registry.ts";

/**
 * What every text field of every form refuses and keeps, checked over the
 * schemas' own shapes: a field added later is covered without touching this.
 */

/** The string schema under optional, default and pipe wrappers; null for a choice, a list or a formatted value (the booking's slot). */
function textFieldOf(schema: z.ZodMiniType): boolean {
  let def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  while (def.type === "optional" || def.type === "default" || def.type === "pipe") {
    const inner = (def.type === "pipe" ? def.in : def.innerType) as { _zod: { def: Record<string, unknown> } };
    def = inner._zod.def;
  }
  return def.type === "string" && def.format === undefined;
}

const formList: readonly FormDefinition<FormKey, z.ZodMiniObject>[] = Object.values(forms);

const textFields = formList.flatMap((form) =>
  Object.entries(form.schema.shape as Record<string, z.ZodMiniType>)
    .filter(([, field]) => textFieldOf(field))
    .map(([name, field]) => ({ form: form.key, name, field, spec: form.fields[name] })),
);

const messagesOf = (field: z.ZodMiniType, value: unknown) => field.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** C0 controls but tab, CR and LF; DEL; the C1 controls; both halves of a surrogate pair alone. */
const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => !"\t\r\n".includes(c)),
  "\u007F",
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
  "\uD83D",
  "\uDE00",
];
const lineBreaks = ["\n", "\r", "\r\n", "\u2028", "\u2029"];

describe("every text field of every form", () => {
  it("finds the text fields (the test reads the shapes)", () => {
    expect(textFields.length).toBeGreaterThan(30);
    for (const { form, name, spec } of textFields)
      expect(spec?.maxLength, `${form}.${name} is in the form's fields, with a maximum`).toBeDefined();
    expect(textFields.filter((f) => f.spec?.multiline).length).toBeGreaterThan(5);
  });

  it("refuses NUL and every other control character with the field's own message", () => {
    for (const { form, name, field, spec } of textFields) {
      for (const c of controls) {
        expect(messagesOf(field, `ab${c}cd@example.co.za`), `${form}.${name} with ${codePoint(c)}`).toEqual([
          notAllowed(shortLabelOf(spec!)),
        ]);
      }
    }
  });

  it("refuses line breaks in one-line fields and keeps them, and tabs, in text areas", () => {
    for (const { form, name, field, spec } of textFields) {
      for (const c of lineBreaks) {
        const messages = messagesOf(field, `ab${c}cd`);
        if (spec!.multiline) expect(messages, `${form}.${name}`).toEqual([]);
        else expect(messages, `${form}.${name} with ${codePoint(c)}`).toEqual([notAllowed(shortLabelOf(spec!))]);
      }
      expect(messagesOf(field, "ab\tcd"), `${form}.${name} with a tab`).not.toContain(notAllowed(shortLabelOf(spec!)));
    }
    expect(forms.contact.schema.shape.message.parse("Line one\r\nLine two")).toBe("Line one\r\nLine two");
  });

  it("refuses a required field left blank or holding only whitespace, with its required message", () => {
    for (const { form, name, field } of textFields) {
      const missing = messagesOf(field, undefined);
      if (missing.length === 0) continue;
      for (const blank of ["", " ", " \t\n\r\u00A0\u3000 "]) {
        expect(messagesOf(field, blank), `${form}.${name} as ${JSON.stringify(blank)}`).toEqual(missing);
      }
    }
  });

  it("in the order wizard, names the field to fix rather than a missing-information step", () => {
    expect(orderForm.steps.failure(1, { name: [notAllowed(shortLabelOf(orderForm.fields.name))] })).toEqual({
      title: "Error",
      message: checkTheFields,
    });
    expect(
      orderForm.steps.failure(1, { name: [notAllowed(shortLabelOf(orderForm.fields.name))], phone: [orderMessages.step1Missing] }),
    ).toEqual(splitOrderMessage(orderMessages.step1Missing));
  });

  it("stores text NFC-normalised and trimmed", () => {
    expect(forms.contact.schema.shape.name.parse("  Mu\u0308ller  ")).toBe("Müller");
  });
});

describe("email addresses", () => {
  const emailFields = textFields.filter((f) => f.name === "email");

  it("accept an internationalised domain in every form, as typed or as a browser posts it (punycode)", () => {
    expect(emailFields.map((f) => f.form).sort()).toEqual(formList.map((form) => form.key).sort());
    for (const { form, field } of emailFields) {
      for (const address of [
        "info@müller.co.za",
        "info@xn--mller-kva.co.za",
        "sales@bücher.example.de",
        "kontakt@пример.рф",
        "a.b+c@example.co.za",
      ]) {
        expect(field.safeParse(address).success, `${form}: ${address}`).toBe(true);
      }
    }
    expect(forms.contact.schema.shape.email.parse(" info@mu\u0308ller.co.za ")).toBe("info@müller.co.za");
  });

  it("refuse what mail cannot reach", () => {
    for (const { form, field } of emailFields.filter((f) => f.form !== "order")) {
      for (const address of [
        "info@müller",
        "ïnfo@müller.co.za",
        "info@-müller.co.za",
        "info@mül ler.co.za",
        "info@müller..co.za",
        "info@müller.co.za.",
        "info@[::1]",
        "info@example.co.za/x",
        "@müller.co.za",
        "info@127.0.0.1",
      ]) {
        expect(field.safeParse(address).success, `${form}: ${address}`).toBe(false);
      }
    }
  });

  it("are kept in the form the visitor typed, whichever form the browser posts", () => {
    expect(typedEmail("info@xn--mller-kva.co.za")).toBe("info@müller.co.za");
    expect(typedEmail("info@müller.co.za")).toBe("info@müller.co.za");
    expect(typedEmail("Info@Example.CO.ZA")).toBe("Info@Example.CO.ZA");
  });
});

describe("the AI assessment's website (SPEC.md section 5: an input of url type)", () => {
  const website = forms.aiAssessment.schema.shape.website;

  it("is a web address when given", () => {
    for (const url of ["https://zululegal.co.za", "http://zululegal.co.za/about?x=1", "https://müller.co.za", "", undefined]) {
      expect(website.safeParse(url).success, String(url)).toBe(true);
    }
    const refused = [
      "notaurl",
      "zululegal.co.za",
      "https://",
      "ftp://zululegal.co.za",
      "javascript:alert(1)",
      "https://localhost",
      "https://zulu legal.co.za",
    ];
    for (const text of refused) {
      expect(messagesOf(website, text), text).toEqual([websiteUrlMessage]);
    }
  });
});
