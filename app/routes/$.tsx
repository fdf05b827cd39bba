import { NotFoundPage } from "~/components/ErrorPage";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("notFound");

/** Any address no route claims: the 404 page, with a 404 status. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
