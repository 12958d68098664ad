import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { CAPTCHA_LOAD_TIMEOUT_MS, type CaptchaHandle } from "#app/forms/captcha-config.ts";
import { loadScript, withTimeout } from "#app/forms/load-script.ts";

interface WidgetParams {
  sitekey: string;
  size?: "normal" | "invisible";
  appearance?: "always" | "interaction-only";
  callback: (token: string) => void;
  "expired-callback"?: () => void;
  "error-callback"?: () => void;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, params: WidgetParams): number;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  execute(widgetId: number): void;
  getResponse(widgetId: number): string;
  reset(widgetId: number): void;
}

interface Turnstile {
  render(container: HTMLElement, params: WidgetParams): string;
  getResponse(widgetId: string): string | undefined;
  reset(widgetId: string): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    turnstile?: Turnstile;
  }
}

const RECAPTCHA_V3 = (siteKey: string) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
const RECAPTCHA_V2 = "https://www.google.com/recaptcha/api.js?render=explicit";
const TURNSTILE = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

function grecaptchaReady(src: string): Promise<Grecaptcha> {
  return withTimeout(
    loadScript(src).then(
      () =>
        new Promise<Grecaptcha>((resolve, reject) => {
          const api = window.grecaptcha;
          if (!api) return reject(new Error("grecaptcha missing"));
          api.ready(() => resolve(api));
        }),
    ),
    CAPTCHA_LOAD_TIMEOUT_MS,
  );
}

/** reCAPTCHA v3: no widget; a scored token is fetched for each post. */
export function RecaptchaV3Check({ ref, siteKey, action }: { ref?: Ref<CaptchaHandle>; siteKey: string; action: string }) {
  const ready = useRef<Promise<Grecaptcha | null>>(null);
  const load = () => (ready.current ??= grecaptchaReady(RECAPTCHA_V3(siteKey)).catch(() => null));
  // Once, on mount: load() keeps its promise in a ref.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void load(), []);
  useImperativeHandle(ref, () => ({
    async token(onWait) {
      // A scored token is fetched from Google for each post.
      onWait?.();
      const api = await load();
      if (!api) return null;
      return api.execute(siteKey, { action }).catch(() => "");
    },
    reset() {},
  }));
  return null;
}

/**
 * A widget rendered into a box of ours: reCAPTCHA v2 (checkbox or invisible)
 * and Turnstile work alike. The token arrives through the widget's callback.
 */
function useRenderedWidget<Id>(
  load: () => Promise<{ render(box: HTMLElement, params: WidgetParams): Id } | null>,
  params: Omit<WidgetParams, "callback">,
) {
  const box = useRef<HTMLDivElement>(null);
  const state = useRef<{ id: Id | null; token: string; waiting: ((token: string) => void)[] }>({ id: null, token: "", waiting: [] });
  const started = useRef<Promise<boolean>>(null);
  const settle = (token: string) => {
    state.current.token = token;
    for (const resolve of state.current.waiting.splice(0)) resolve(token);
  };
  const start = () =>
    (started.current ??= load().then(
      (api) => {
        if (!api || !box.current) return false;
        state.current.id = api.render(box.current, {
          ...params,
          callback: settle,
          "expired-callback": () => (state.current.token = ""),
          "error-callback": () => settle(""),
        });
        return true;
      },
      () => false,
    ));
  // Once, on mount: start() keeps its promise in a ref.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void start(), []);
  const nextToken = () =>
    new Promise<string>((resolve) => {
      state.current.waiting.push(resolve);
      setTimeout(() => settle(state.current.token), CAPTCHA_LOAD_TIMEOUT_MS);
    });
  return { box, state, start, nextToken };
}

/** reCAPTCHA v2: the "I'm not a robot" checkbox, or its invisible variant run at submit. */
export function RecaptchaV2Check({ ref, siteKey, invisible }: { ref?: Ref<CaptchaHandle>; siteKey: string; invisible: boolean }) {
  const api = useRef<Grecaptcha | null>(null);
  const widget = useRenderedWidget<number>(() => grecaptchaReady(RECAPTCHA_V2).then((ready) => (api.current = ready)), {
    sitekey: siteKey,
    size: invisible ? "invisible" : "normal",
  });
  useImperativeHandle(ref, () => ({
    async token(onWait) {
      if (!(await widget.start()) || !api.current || widget.state.current.id === null) return null;
      const id = widget.state.current.id;
      if (!invisible) return api.current.getResponse(id);
      if (widget.state.current.token) return widget.state.current.token;
      onWait?.();
      const next = widget.nextToken();
      api.current.execute(id);
      return next;
    },
    reset() {
      widget.state.current.token = "";
      if (api.current && widget.state.current.id !== null) api.current.reset(widget.state.current.id);
    },
  }));
  return <div ref={widget.box} className={invisible ? undefined : "min-h-[78px]"} />;
}

/** Cloudflare Turnstile: runs as soon as it renders; shown only when it needs the visitor when invisible. */
export function TurnstileCheck({ ref, siteKey, invisible }: { ref?: Ref<CaptchaHandle>; siteKey: string; invisible: boolean }) {
  const widget = useRenderedWidget<string>(
    () => withTimeout(loadScript(TURNSTILE), CAPTCHA_LOAD_TIMEOUT_MS).then(() => window.turnstile ?? null),
    { sitekey: siteKey, appearance: invisible ? "interaction-only" : "always" },
  );
  useImperativeHandle(ref, () => ({
    async token(onWait) {
      if (!(await widget.start())) return null;
      if (widget.state.current.token) return widget.state.current.token;
      onWait?.();
      return widget.nextToken();
    },
    reset() {
      widget.state.current.token = "";
      const id = widget.state.current.id;
      if (window.turnstile && id !== null) window.turnstile.reset(id);
    },
  }));
  return <div ref={widget.box} />;
}
