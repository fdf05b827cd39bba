import { Form, useNavigate } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from "react";
import type { TFunction } from "i18next";
import type { ListedCard, PlanCardData } from "~/views/plans";
import { cardId } from "~/domain/card-anchor";
import * as s from "./PlanCard.css";
import { planCardActionsHtml, planCardBodyHtml } from "./plan-card-html";
import { useRequestInfo } from "./RequestInfo";
import { CompareToggle } from "./CompareTray";

/**
 * The one form every card of a list adds to the cart through (issue 17: a lean list): the CSRF
 * token, the intent and the way back once; each card's "+ Add to cart" is a submit button of it
 * (`form="…"`) that sends `add=<plan id>:<price id>`. Put it before the list, outside any form.
 */
export function PlanAddForm({ id, redirectTo }: { id: string; redirectTo: string }) {
  return (
    <Form method="post" id={id} className="inline-form" hidden>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </Form>
  );
}

/**
 * A list of cards: with JavaScript, a click on a card's link navigates in the app (as a <Link>
 * would) through one handler for the whole list, instead of router hooks in every card.
 */
export function PlanCardLinks({ children, className }: { children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const text = useMemo(() => ({ t, language }), [t, language]);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as HTMLElement).closest?.("a[href]") as HTMLAnchorElement | null;
    if (!link || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
  return (
    <CardText.Provider value={text}>
      <ul className={className} onClick={onClick}>
        {children}
      </ul>
    </CardText.Provider>
  );
}

/** The translation function and language of a list of cards, looked up once for the list (PlanCardLinks). */
const CardText = createContext<{ t: TFunction; language: string } | null>(null);

/** A card outside a PlanCardLinks list looks its text up itself. */
function PlanCardAlone(props: { card: ListedCard; addForm: string }) {
  const { t, i18n } = useTranslation();
  return <CardBody {...props} t={t} language={i18n.language} />;
}

/** A plan card (storefront §2 Plans screen): callout, logo, name, short text, tier prices,
 *  add to cart (unless hidden), 'Plan Added To Cart' when in the cart, View More Details.
 *  `addForm` is the id of the list's PlanAddForm; the card itself has no form and no router hook. */
export function PlanCard({ card, addForm }: { card: ListedCard; addForm: string }) {
  const text = useContext(CardText);
  return text ? (
    <CardBody card={card} addForm={addForm} t={text.t} language={text.language} />
  ) : (
    <PlanCardAlone card={card} addForm={addForm} />
  );
}

function CardBody({ card, addForm, t, language }: { card: ListedCard; addForm: string; t: TFunction; language: string }) {
  const titleId = `plan-${card.id}-title`;
  const { listedCards, cardBodyHtml = planCardBodyHtml } = useRequestInfo();
  // The whole card: in the loader data (client navigation, other pages) or, on the server, beside it.
  // In the browser's hydration of a document there is none: the server's HTML is kept as it is.
  const whole = card.tierPrices ? (card as PlanCardData) : listedCards?.get(card.id);
  return (
    // its id: an add from the list comes back here (issue 26 #3)
    <article id={cardId(card.id)} className={s.card} aria-labelledby={titleId} data-testid={`plan-card-${card.id}`}>
      <div
        className={s.body}
        dangerouslySetInnerHTML={{ __html: whole ? cardBodyHtml(whole, t, language) : "" }}
        suppressHydrationWarning
      />
      <div className={s.actions}>
        <div className={s.body} dangerouslySetInnerHTML={{ __html: planCardActionsHtml(card, addForm, t) }} />
        <CompareToggle planId={card.id} name={card.name} label={t("compare.toggle")} />
      </div>
    </article>
  );
}
