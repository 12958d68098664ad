import { buttonClass } from "#app/components/ui/button.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import type { ConsentChoices } from "#app/lib/consent.ts";
import { consentDom } from "#app/before-react/consent-dom.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";

const categories: { key: keyof ConsentChoices; label: string; description: string }[] = [
  {
    key: "analytics",
    label: "Analytics",
    description: "Count visits and see which pages help visitors, through Google Analytics.",
  },
  {
    key: "marketing",
    label: "Marketing",
    description: "Measure our advertising and let ad platforms show you relevant ads.",
  },
  {
    key: "functional",
    label: "Functional",
    description: "Remember your preferences, such as choices you made in forms.",
  },
];

const switchClass =
  "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-500 transition-colors data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60";
const thumbClass =
  "block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-[state=checked]:translate-x-5.5";

/** A button labelled by its row, so a click on the label turns it too. */
function Switch({ id, category }: { id: string; category?: keyof ConsentChoices }) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked="true"
      data-state="checked"
      disabled={!category}
      {...(category && { [consentDom.category]: category })}
      aria-describedby={`${id}-description`}
      className={`group ${switchClass}`}
    >
      <span className={thumbClass} />
    </button>
  );
}

function Row({ id, label, description, category }: { id: string; label: string; description: string; category?: keyof ConsentChoices }) {
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div>
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch id={id} category={category} />
    </li>
  );
}

/** SPEC.md section 5: essential shown on and disabled. */
export function CookieSettingsDialog() {
  return (
    <dialog
      id={consentDom.dialog}
      aria-labelledby="cookie-settings-title"
      aria-describedby="cookie-settings-description"
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="cookie-settings-title" className="text-lg font-bold text-ink">
          Cookie Settings
        </h2>
        <form method="dialog">
          <button type="submit" className="-mt-1 -mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-ink" aria-label="Close">
            <Icon name="x" className="size-5" />
          </button>
        </form>
      </div>
      <p id="cookie-settings-description" className="mt-2 text-sm text-slate-600">
        Choose which cookies we may use. Essential cookies cannot be turned off.
      </p>
      {/* The consent script answers it (a press before it has come is held, decision 0043); should it never come, Save closes the dialog and goes nowhere. */}
      <form id={consentDom.form} method="dialog" {...firstPress("file")}>
        <p {...{ [consentDom.gpcNote]: "" }} hidden className="mt-3 text-sm text-slate-600">
          Your browser sends a Global Privacy Control signal, so marketing starts off.
        </p>
        <ul className="mt-2 divide-y divide-slate-200">
          <Row
            id="consent-essential"
            label="Essential"
            description="Keep the site working and secure, and remember this choice. Always on."
          />
          {categories.map(({ key, label, description }) => (
            <Row key={key} id={`consent-${key}`} label={label} description={description} category={key} />
          ))}
        </ul>
        <div className="mt-4 flex justify-end">
          <button type="submit" className={buttonClass()}>
            Save Preferences
          </button>
        </div>
      </form>
    </dialog>
  );
}
