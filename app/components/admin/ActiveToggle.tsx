/** The deactivate / reactivate card of a console edit screen (reps, groups, referrals…): a real form. */
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";

/** `keys` is the screen's translation prefix (admin.reps, admin.groups…) holding the card's wording. */
export function ActiveToggle({ active, keys }: { active: boolean; keys: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="card stack">
      <AuthenticityTokenInput />
      <h2>{active ? t(`${keys}.deactivateTitle`) : t(`${keys}.reactivateTitle`)}</h2>
      <p>{active ? t(`${keys}.deactivateHint`) : t(`${keys}.reactivateHint`)}</p>
      <div>
        <button
          className={active ? "button button--warning" : "button"}
          type="submit"
          name="intent"
          value={active ? "deactivate" : "reactivate"}
        >
          {active ? t(`${keys}.deactivate`) : t(`${keys}.reactivate`)}
        </button>
      </div>
    </Form>
  );
}
