import { json } from "~/.server/platform/loader-json";
import { NotFoundPage } from "~/components/ErrorPage";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("notFound");

export function loader() {
  return json({}, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
