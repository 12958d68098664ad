// Answers Next and Previous before hydration in the attributes React renders, so React hydrates the step shown (decision 0042).
import { HYDRATED_EVENT } from "#app/before-react/hydration-on-intent.ts";
import {
  orderButtonLabels,
  orderMessages,
  orderMissingMessages,
  orderStepHeading,
  orderStepTitles,
  simpleEmailPattern,
} from "#app/forms/order-steps.ts";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const form = document.currentScript?.previousElementSibling;
if (form instanceof HTMLFormElement) wizard(form);

function wizard(form: HTMLFormElement) {
  const last = orderStepTitles.length;
  const steps = [...form.querySelectorAll<HTMLElement>("[data-order-step]")];
  const items = [...form.querySelectorAll("ol > li")];
  const heading = form.querySelector("h2");
  const step = form.elements.namedItem("step");
  const [main, previous] = [...form.querySelectorAll<HTMLButtonElement>('button[name="intent"]')];
  if (steps.length !== last || items.length !== last || !heading || !(step instanceof HTMLInputElement) || !main || !previous) return;
  let hydrated = false;
  const controls = (box: Element) => [...box.querySelectorAll<Control>("input, select, textarea")];
  const clear = () => controls(form).forEach((control) => control.setCustomValidity(""));

  const valid = (number: number): boolean => {
    clear();
    const fields = controls(steps[number - 1]!);
    const missing = fields.filter((control) => control.required && !control.value.trim());
    const named = (name: string) => fields.find((control) => control.name === name);
    const email = named("email");
    const service = named("service") as HTMLSelectElement | undefined;
    const tier = named("tier") as HTMLSelectElement | undefined;
    // A missing field before a malformed email (SPEC.md section 5).
    for (const control of missing) control.setCustomValidity(orderMissingMessages[number - 1]!);
    if (!missing.length && email && (!simpleEmailPattern.test(email.value.trim()) || !email.validity.valid))
      email.setCustomValidity(orderMessages.invalidEmail);
    // Before React the tier list holds every service's tiers, each under its service's name.
    const group = tier?.selectedOptions[0]?.parentElement;
    if (!missing.length && service && group instanceof HTMLOptGroupElement && group.label !== service.selectedOptions[0]?.text)
      tier!.setCustomValidity(orderMessages.step2Missing);
    const failed = fields.find((control) => !control.validity.valid);
    failed?.reportValidity();
    return !failed;
  };

  const show = (number: number) => {
    step.value = String(number);
    steps.forEach((box, index) => {
      box.hidden = index + 1 !== number;
      for (const control of box.querySelectorAll<Control>('[aria-required="true"]')) control.required = !box.hidden;
    });
    items.forEach((item, index) => {
      const done = index + 1 < number;
      if (index + 1 === number) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
      if (done) item.setAttribute("data-done", "true");
      else item.removeAttribute("data-done");
      const completed = item.querySelector(".sr-only:last-child");
      if (completed) completed.textContent = done ? " (completed)" : "";
    });
    heading.textContent = orderStepHeading(number);
    main.value = number < last ? "next" : "submit";
    main.textContent = number < last ? orderButtonLabels.next : orderButtonLabels.submit;
    previous.disabled = number === 1;
    heading.focus();
  };

  form.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (hydrated || !button || button.form !== form || button.type !== "submit") return;
    const number = Number(step.value) || 1;
    if (button.value === "previous") {
      event.preventDefault();
      clear();
      show(Math.max(1, number - 1));
    } else if (!valid(number)) event.preventDefault();
    else if (button.value === "next" && number < last) {
      event.preventDefault();
      show(number + 1);
    }
    // Submit Order, its step checked: the form's own post.
  });
  form.addEventListener("input", (event) => {
    if (!hydrated) (event.target as Control).setCustomValidity?.("");
  });
  addEventListener(
    HYDRATED_EVENT,
    () => {
      hydrated = true;
      clear();
    },
    { once: true },
  );
}
