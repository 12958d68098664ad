import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { pageMeta } from "~/content/page-meta";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  console.warn("404: page not found:", new URL(request.url).pathname);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: pageMeta.notFound.title },
  { name: "description", content: pageMeta.notFound.description },
  { name: "robots", content: "noindex" },
];

export default function NotFoundPage() {
  return <NotFound />;
}
