import { data } from "react-router";
import { NotFound } from "#app/components/layout/not-found.tsx";
import type { Route } from "./+types/not-found";
import { log } from "#server/log.ts";

export function loader({ request }: Route.LoaderArgs) {
  log.warn("404: page not found:", new URL(request.url).pathname);
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
