import type { WidgetMethods } from "altcha/types";
import type {} from "altcha/types/react";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { botFields } from "#app/forms/bot-fields.ts";
import { CAPTCHA_LOAD_TIMEOUT_MS, type CaptchaHandle } from "#app/forms/captcha-config.ts";
import { withTimeout } from "#app/forms/load-script.ts";

type AltchaElement = HTMLElement & WidgetMethods;
type StateEvent = CustomEvent<{ state: string; payload: string | null }>;

// Brand colours, and neutral text dark enough to read at the widget's reduced opacity.
const theme = {
  "--altcha-color-primary": "#1d4ed8",
  "--altcha-color-neutral-content": "#1e293b",
  "--altcha-border-radius": "0.5rem",
  "--altcha-max-width": "100%",
} as const;

/**
 * ALTCHA, the self-hosted proof of work. The widget's code is a good deal of
 * JavaScript that only a visitor filling in the form needs, so it loads once the
 * form comes into view (or at the latest when they submit), and the work starts
 * at once: by the time a quick visitor has filled in the form and pressed
 * submit, the answer is usually ready. After each post the widget starts afresh
 * on the visitor's next focus in the form.
 */
export function AltchaCheck({ ref, challengeUrl, invisible }: { ref?: Ref<CaptchaHandle>; challengeUrl: string; invisible: boolean }) {
  const element = useRef<AltchaElement>(null);
  const loading = useRef<Promise<boolean>>(null);
  const payload = useRef<string | null>(null);

  const load = () =>
    (loading.current ??= withTimeout(
      import("altcha").then(() => customElements.whenDefined("altcha-widget")),
      CAPTCHA_LOAD_TIMEOUT_MS,
    ).then(
      () => true,
      () => false,
    ));

  useEffect(() => {
    let widget: AltchaElement | null = null;
    let unmounted = false;
    const onState = (event: Event) => {
      const { state, payload: answer } = (event as StateEvent).detail;
      payload.current = state === "verified" ? answer : null;
    };
    function start() {
      inView?.disconnect();
      void load().then((ok) => {
        if (!ok || unmounted || !element.current) return;
        widget = element.current;
        widget.addEventListener("statechange", onState);
        // A failed attempt is tried again when the form asks for the answer.
        if (widget.getState() === "unverified") widget.verify().catch(() => undefined);
      });
    }
    const form = element.current?.closest("form") ?? element.current;
    const inView = form
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) start();
        })
      : null;
    if (form) inView?.observe(form);
    else start();
    return () => {
      unmounted = true;
      inView?.disconnect();
      widget?.removeEventListener("statechange", onState);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    async token(onWait) {
      const widget = element.current;
      if (payload.current && widget?.getState() === "verified") return payload.current;
      onWait?.();
      if (!(await load()) || !widget || typeof widget.verify !== "function") return null;
      const state = widget.getState();
      if (state === "verified" && payload.current) return payload.current;
      if (state === "verifying") return outcome(widget);
      const result = await widget.verify();
      return result?.payload ?? "";
    },
    reset() {
      payload.current = null;
      element.current?.reset?.();
    },
  }));

  return (
    <altcha-widget
      ref={element}
      challenge={challengeUrl}
      name={botFields.captchaToken}
      auto="onfocus"
      display={invisible ? "invisible" : "standard"}
      style={theme}
    />
  );
}

/** Waits for a verification already under way to end: its payload, or "" when it failed. */
function outcome(widget: AltchaElement): Promise<string> {
  return new Promise((resolve) => {
    const onState = (event: Event) => {
      const { state, payload } = (event as StateEvent).detail;
      if (state === "verifying") return;
      widget.removeEventListener("statechange", onState);
      resolve(state === "verified" && payload ? payload : "");
    };
    widget.addEventListener("statechange", onState);
  });
}
