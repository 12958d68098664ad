import type { WidgetMethods } from "altcha/types";
import type {} from "altcha/types/react";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { botFields } from "~/forms/bot-fields";
import { CAPTCHA_LOAD_TIMEOUT_MS, type CaptchaHandle } from "~/forms/captcha-config";
import { withTimeout } from "~/forms/load-script";

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
 * ALTCHA, the self-hosted proof of work. The widget's code loads only in the
 * browser, once a form is on screen; it starts solving when the visitor
 * focuses the form, so the answer is usually ready before they press submit.
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
    const onState = (event: Event) => {
      const { state, payload: answer } = (event as StateEvent).detail;
      payload.current = state === "verified" ? answer : null;
    };
    void load().then((ok) => {
      widget = element.current;
      if (ok) widget?.addEventListener("statechange", onState);
    });
    return () => widget?.removeEventListener("statechange", onState);
  }, []);

  useImperativeHandle(ref, () => ({
    async token() {
      const widget = element.current;
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
