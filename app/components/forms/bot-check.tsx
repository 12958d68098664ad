import type { Ref } from "react";
import { botFields } from "#app/forms/bot-fields.ts";
import type { CaptchaHandle, CaptchaWidgetConfig, FormPageData } from "#app/forms/captcha-config.ts";
import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import type { FormKey } from "#app/forms/form-keys.ts";
import { useHydrated } from "#app/forms/use-hydrated.ts";
import { AltchaCheck } from "#app/components/forms/captcha/altcha.tsx";
import { RecaptchaV2Check, RecaptchaV3Check, TurnstileCheck } from "#app/components/forms/captcha/third-party.tsx";

interface BotCheckProps {
  ref?: Ref<CaptchaHandle>;
  form: FormKey;
  page: FormPageData;
  hidden?: boolean;
}

export function BotCheck({ ref, form, page: { captcha, formToken, attribution }, hidden = false }: BotCheckProps) {
  const hydrated = useHydrated();
  const invisible = hidden || captcha.widget === "invisible";
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={botFields.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={botFields.formToken} value={formToken} />
      <input type="hidden" name={ATTRIBUTION_FIELD} value={attribution} />
      {hydrated && (
        // A block of its own, so the form's spacing applies.
        <div className={invisible || captcha.provider === "recaptcha-v3" ? "contents" : undefined}>
          <Widget ref={ref} form={form} captcha={captcha} invisible={invisible} />
        </div>
      )}
    </>
  );
}

function Widget({
  ref,
  form,
  captcha,
  invisible,
}: {
  ref?: Ref<CaptchaHandle>;
  form: FormKey;
  captcha: CaptchaWidgetConfig;
  invisible: boolean;
}) {
  const siteKey = captcha.siteKey ?? "";
  switch (captcha.provider) {
    case "altcha":
      return <AltchaCheck ref={ref} challengeUrl={captcha.challengeUrl ?? ""} invisible={invisible} />;
    case "recaptcha-v3":
      return <RecaptchaV3Check ref={ref} siteKey={siteKey} action={form} />;
    case "recaptcha-v2":
      // A v2 key is either a checkbox key or an invisible one, so the setting decides, not the form.
      return <RecaptchaV2Check ref={ref} siteKey={siteKey} invisible={captcha.widget === "invisible"} />;
    case "turnstile":
      return <TurnstileCheck ref={ref} siteKey={siteKey} invisible={invisible} />;
  }
}
