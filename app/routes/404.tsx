import { json, type MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/components/ErrorPage";

export const meta: MetaFunction = () => [{ title: "404" }];

export function loader() {
  return json({}, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
