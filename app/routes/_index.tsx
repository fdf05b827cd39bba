import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { menuCategories } from "~/.server/repositories/catalog";

export const meta: MetaFunction = () => [{ title: "Benefit Store" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const locale = await services.i18n.getLocale(request);
  const categories = await menuCategories(services.db, session.get("over65") ?? false);
  return json({ categories: categories.map((c) => ({ key: c.key, label: locale === "es" ? c.label_es : c.label_en })) });
}

export default function Index() {
  const { categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("home.welcome")}</h1>
      <p>{t("home.intro")}</p>
      <h2>{t("home.browse")}</h2>
      <ul className="grid" data-testid="category-list">
        {categories.map((c) => (
          <li key={c.key} className="card">
            <Link to={`/plans?type=${c.key}`}>{c.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
