import { X } from "lucide-react";
import { Dialog, Switch } from "radix-ui";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import type { ConsentChoices, PrivacySignals } from "~/lib/consent";

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
const thumbClass = "block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5";

function Row({ id, label, description, children }: { id: string; label: string; description: string; children: React.ReactNode }) {
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
      {children}
    </li>
  );
}

/** Its state starts afresh each time the dialog opens, from the saved choice or the defaults. */
function Choices({ initial, signals, onSave }: Pick<CookieSettingsDialogProps, "initial" | "signals" | "onSave">) {
  const [choices, setChoices] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choices);
      }}
    >
      {signals.globalPrivacyControl && (
        <p className="mt-3 text-sm text-slate-600">Your browser sends a Global Privacy Control signal, so marketing starts off.</p>
      )}
      <ul className="mt-2 divide-y divide-slate-200">
        <Row id="consent-essential" label="Essential" description="Keep the site working and secure, and remember this choice. Always on.">
          <Switch.Root id="consent-essential" checked disabled aria-describedby="consent-essential-description" className={switchClass}>
            <Switch.Thumb className={thumbClass} />
          </Switch.Root>
        </Row>
        {categories.map(({ key, label, description }) => (
          <Row key={key} id={`consent-${key}`} label={label} description={description}>
            <Switch.Root
              id={`consent-${key}`}
              checked={choices[key]}
              onCheckedChange={(on) => setChoices((current) => ({ ...current, [key]: on }))}
              aria-describedby={`consent-${key}-description`}
              className={switchClass}
            >
              <Switch.Thumb className={thumbClass} />
            </Switch.Root>
          </Row>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="submit" className={buttonClass()}>
          Save Preferences
        </button>
      </div>
    </form>
  );
}

interface CookieSettingsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  initial: ConsentChoices;
  signals: PrivacySignals;
  onSave(choices: ConsentChoices): void;
  onCloseAutoFocus(event: Event): void;
}

/** SPEC.md section 5: essential shown on and disabled; analytics, marketing and functional can be toggled. */
export default function CookieSettingsDialog({ open, onOpenChange, onCloseAutoFocus, ...choices }: CookieSettingsDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-ink">Cookie Settings</Dialog.Title>
            <Dialog.Close className="-mt-1 -mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-ink" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            Choose which cookies we may use. Essential cookies cannot be turned off.
          </Dialog.Description>
          <Choices {...choices} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
