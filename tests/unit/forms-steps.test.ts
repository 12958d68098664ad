import { describe, expect, it } from "vitest";
import { botFields } from "#app/forms/bot-fields.ts";
import { formValues } from "#app/forms/form-values.ts";
import { checkTheFields } from "#app/forms/messages.ts";
import { orderBudgetOptions, startDateOptions, tiersByService } from "#app/forms/options.ts";
import { failedStep, moveStep, stepOfErrors } from "#app/forms/steps.ts";
import { orderForm, orderMessages, splitOrderMessage } from "#app/forms/order.ts";
import { companyProfileForm } from "#app/forms/company-profile.ts";

function post(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

const step1 = { name: "Nomsa", email: "nomsa@khumalo.co.za", phone: "082", company: "Khumalo" };

describe("form values", () => {
  it("keeps what the visitor typed, lists as lists, and leaves out the bot check and step machinery", () => {
    const values = formValues(
      post({
        ...step1,
        additionalServices: ["SEO & Content Marketing", "Strategy Consulting"],
        [botFields.honeypot]: "",
        [botFields.captchaToken]: "token",
        [botFields.formToken]: "signed",
        [botFields.enhanced]: "1",
        altcha: "payload",
        intent: "next",
        step: "2",
      }),
      orderForm.listFields,
    );
    expect(values).toEqual({ ...step1, additionalServices: ["SEO & Content Marketing", "Strategy Consulting"] });
  });
});

describe("order messages as toasts", () => {
  it("reads 'Title: text' as a title and a text; untitled step messages share Missing Information", () => {
    expect(splitOrderMessage(orderMessages.step1Missing)).toEqual({
      title: "Missing Information",
      message: "Please fill in all required fields in Step 1",
    });
    expect(splitOrderMessage(orderMessages.invalidEmail)).toEqual({
      title: "Invalid Email",
      message: "Please enter a valid email address",
    });
    expect(splitOrderMessage(orderMessages.step2Missing)).toEqual({
      title: "Missing Information",
      message: "Please select a service and tier",
    });
    expect(splitOrderMessage(orderMessages.step3Missing)).toEqual({ title: "Missing Information", message: orderMessages.step3Missing });
    expect(splitOrderMessage(orderMessages.step4Missing)).toEqual({ title: "Missing Information", message: orderMessages.step4Missing });
  });
});

describe("moving between steps without JavaScript", () => {
  it("Next checks only the current step and answers its message", () => {
    expect(moveStep(orderForm.steps, post({ step: "1" }), "next")).toMatchObject({
      step: 1,
      title: "Missing Information",
      message: "Please fill in all required fields in Step 1",
      fieldErrors: { name: [orderMessages.step1Missing] },
    });
    // A missing field is reported before a malformed email (docs/SPEC.md section 5, Order wizard).
    expect(moveStep(orderForm.steps, post({ ...step1, email: "nomsa@khumalo", company: "" }), "next")).toMatchObject({
      title: "Missing Information",
    });
    expect(moveStep(orderForm.steps, post({ ...step1, email: "nomsa@khumalo" }), "next")).toMatchObject({
      step: 1,
      title: "Invalid Email",
    });
    // Later steps' fields are not looked at yet.
    expect(moveStep(orderForm.steps, post({ ...step1, step: "1" }), "next")).toEqual({
      kind: "step",
      form: "order",
      step: 2,
      values: step1,
    });
  });

  it("checks that the tier is one the chosen service offers", () => {
    const wrongTier = moveStep(orderForm.steps, post({ ...step1, step: "2", service: "strategy", tier: "Starter" }), "next");
    expect(wrongTier).toMatchObject({
      step: 2,
      message: "Please select a service and tier",
      fieldErrors: { tier: [orderMessages.step2Missing] },
    });
    const right = moveStep(orderForm.steps, post({ ...step1, step: "2", service: "strategy", tier: tiersByService.strategy[1]! }), "next");
    expect(right.step).toBe(3);
  });

  it("caps Next at the last step, floors Previous at the first, and never trusts a posted step number", () => {
    const complete = {
      ...step1,
      service: "googleAds",
      tier: "Growth",
      industry: "Retail",
      monthlyBudget: orderBudgetOptions[0],
      goals: "More",
      startDate: startDateOptions[0],
    };
    expect(moveStep(orderForm.steps, post({ ...complete, step: "4" }), "next").step).toBe(4);
    expect(moveStep(orderForm.steps, post({ step: "1" }), "previous").step).toBe(1);
    expect(moveStep(orderForm.steps, post({ step: "3" }), "previous").step).toBe(2);
    expect(moveStep(orderForm.steps, post({ step: "99" }), "previous").step).toBe(3);
    expect(moveStep(orderForm.steps, post({ step: "-4" }), "previous").step).toBe(1);
    expect(moveStep(orderForm.steps, post({ step: "abc" }), "previous").step).toBe(1);
  });

  it("the company profile form's Continue needs a name and a valid email", () => {
    expect(moveStep(companyProfileForm.steps, post({ step: "1", name: "", email: "x" }), "next")).toMatchObject({
      step: 1,
      message: checkTheFields,
      fieldErrors: { name: ["Name is required"], email: ["Invalid email address"] },
    });
    expect(moveStep(companyProfileForm.steps, post({ step: "1", name: "Kagiso", email: "kagiso@molefe.co.za" }), "next").step).toBe(2);
  });

  it("a refused final post reopens the step holding the first field to fix", () => {
    expect(stepOfErrors(orderForm.steps, { tier: ["x"], startDate: ["y"] })).toBe(2);
    expect(stepOfErrors(orderForm.steps, { goals: ["x"] })).toBe(3);
    expect(stepOfErrors(orderForm.steps, {})).toBeUndefined();
    expect(stepOfErrors(companyProfileForm.steps, { email: ["x"] })).toBe(1);
  });

  it("a refused final post says what the earliest failing step's Next says", () => {
    // An invalid email on step 1 comes before a missing field on step 3.
    expect(failedStep(orderForm.steps, { goals: [orderMessages.step3Missing], email: [orderMessages.invalidEmail] })).toEqual({
      step: 1,
      ...splitOrderMessage(orderMessages.invalidEmail),
    });
    expect(failedStep(orderForm.steps, { startDate: [orderMessages.step4Missing] })).toEqual({
      step: 4,
      ...splitOrderMessage(orderMessages.step4Missing),
    });
    expect(failedStep(orderForm.steps, {})).toBeUndefined();
    expect(failedStep(companyProfileForm.steps, { email: ["Invalid email address"] })).toEqual({
      step: 1,
      title: "Error",
      message: checkTheFields,
    });
  });
});
