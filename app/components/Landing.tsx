import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { Branding } from "~/views/branding";
import * as s from "./Landing.css";

/** The branded welcome of a landing: banner, greeting, tagline, about text and Get Started. */
export function Landing({
  branding,
  heading,
  quote,
  children,
}: {
  branding: Branding;
  heading: string;
  quote?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const banner = branding.bannerImageUrl ? (
    <img className={s.bannerImage} src={branding.bannerImageUrl} alt={branding.tagline ?? branding.name} width={1200} height={300} />
  ) : null;
  return (
    <section className={s.landing} aria-labelledby="landing-title">
      {banner ? branding.bannerLink ? <a href={branding.bannerLink}>{banner}</a> : banner : null}
      <div className={s.welcome}>
        <h1 id="landing-title">{heading}</h1>
        {branding.tagline ? <p className={s.tagline}>{branding.tagline}</p> : null}
        <p>{t("landing.intro")}</p>
        {quote ?? (
          <p>
            <Link className="button" to="/home">
              {t("landing.getStarted")}
            </Link>
          </p>
        )}
      </div>
      {children}
      {branding.about ? (
        <details className={s.about}>
          <summary>{t(branding.kind === "group" ? "landing.aboutGroup" : "landing.aboutRep", { name: branding.name })}</summary>
          <p>{branding.about}</p>
        </details>
      ) : null}
    </section>
  );
}
