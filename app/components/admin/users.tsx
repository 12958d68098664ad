import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField, inputClass, labelClass, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { adminRoles } from "#app/lib/inbox.ts";

/** The Users page's forms (app/routes/admin/users.tsx). */

/** One change of one user, a button of its own (the button's text names the user to a screen reader). */
export function UserAction({
  csrf,
  intent,
  user,
  className,
  children,
}: {
  csrf: string;
  intent: "reset-second-factor" | "new-password" | "remove";
  user: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="user" value={user} />
      <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
        {children}
      </button>
    </Form>
  );
}

/** A new user: their address, role and, if given, a first password. */
export function AddUserSection({ csrf }: { csrf: string }) {
  return (
    <Section title="Add a user" id="add-user">
      <Form method="post" className="grid gap-3 sm:grid-cols-3">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="add" />
        <div>
          <label htmlFor="add-email" className={labelClass}>
            Email
          </label>
          <input id="add-email" name="email" type="email" required autoComplete="off" className={`${inputClass} mt-1`} />
        </div>
        <div>
          <label htmlFor="add-role" className={labelClass}>
            Role
          </label>
          <select id="add-role" name="role" defaultValue="reader" className={`${inputClass} mt-1`}>
            {adminRoles.map((role) => (
              <option key={role.key} value={role.key}>
                {role.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="add-password" className={labelClass}>
            First password (optional)
          </label>
          <input
            id="add-password"
            name="password"
            type="text"
            autoComplete="off"
            aria-describedby="add-password-hint"
            className={`${inputClass} mt-1`}
          />
          <p id="add-password-hint" className="mt-1 text-xs text-slate-600">
            Left empty, one is made and shown once. Either way they choose their own at first sign-in.
          </p>
        </div>
        <div>
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Add user
          </button>
        </div>
      </Form>
    </Section>
  );
}
