/**
 * React Router's client entry (its default), with presses kept from React until
 * the page has hydrated (app/before-react/presses-kept-from-react.ts, decision 0053).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateWithPressesKeptFromReact } from "#app/before-react/presses-kept-from-react.ts";

hydrateWithPressesKeptFromReact(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
