import { lazy, Suspense, useEffect, useState } from "react";

// Toasts are only needed once a visitor acts, so sonner loads after the page is idle.
const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-right" richColors closeButton />
    </Suspense>
  );
}
