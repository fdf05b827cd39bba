/**
 * The portal (platform) chooser of the agent home, the group home, the websites page and the
 * plan page (storefront §2, §4): a rep picks a portal and starts a direct enrollment or one of
 * their groups; everyone else just picks the portal.
 */
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { newMemberValidator, portalOnlyValidator } from "~/forms/client";
import { StoreForm } from "./form/StoreForm";
import { RadioGroup, SelectField, type Option } from "./form/Fields";

interface ChooserProps {
  id: string;
  portals: Option[];
  /** posted as `intent` when the action serves several forms */
  intent?: string;
  /** the Back link, when the chooser has one */
  backTo?: string;
}

function Intent({ value }: { value?: string }) {
  return value ? <input type="hidden" name="intent" value={value} /> : null;
}

function BackLink({ to }: { to?: string }) {
  const { t } = useTranslation();
  return to ? (
    <Link className="button button--secondary" to={to}>
      {t("common.back")}
    </Link>
  ) : null;
}

/** A portal, then Submit. */
export function PortalOnlyForm({ id, portals, intent, backTo }: ChooserProps) {
  const { t } = useTranslation();
  return (
    <StoreForm id={id} validator={portalOnlyValidator} labels={{ portal: t("portal.choose") }}>
      <Intent value={intent} />
      <RadioGroup name="portal" options={portals} inline={false} />
      <div className="button-group">
        <button className="button" type="submit">
          {t("common.submit")}
        </button>
        <BackLink to={backTo} />
      </div>
    </StoreForm>
  );
}

/** A rep's portal, then Start Direct Enrollment — or one of their groups. */
export function RepPortalForm({
  id,
  portals,
  groups,
  intent,
  backTo,
  portal,
  carriedQuote,
}: ChooserProps & {
  groups: Option[];
  portal?: number | null;
  /** a quote the rep typed before being sent here (sealed by the server): it goes on with the choice */
  carriedQuote?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <StoreForm
      id={id}
      validator={newMemberValidator}
      labels={{ portal: t("portal.choose"), group: t("agentHome.groupLabel") }}
      defaultValues={{ portal: portal ?? undefined } as never}
    >
      <Intent value={intent} />
      {carriedQuote ? <input type="hidden" name="quote" value={carriedQuote} /> : null}
      <RadioGroup name="portal" options={portals} inline={false} />
      <div className="button-group">
        <button className="button" type="submit" name="choice" value="direct">
          {t("agentHome.startDirect")}
        </button>
      </div>
      <p className="muted">{t("agentHome.orGroup")}</p>
      <SelectField name="group" options={groups} placeholder={t("agentHome.groupPlaceholder")} />
      <div className="button-group">
        <button className="button" type="submit" name="choice" value="group">
          {t("agentHome.enrollForGroup")}
        </button>
        <BackLink to={backTo} />
      </div>
    </StoreForm>
  );
}
