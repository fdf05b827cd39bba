/** The quote summary's 'Basic Details' dialog (?dialog=basic): its code loads when it opens (FilterBar, LazyPart). */
import { useTranslation } from "~/i18n-react";
import type { FilterSummary } from "~/views/shopping";
import { Dialog } from "./Dialog";
import { QuoteForm } from "./QuoteForm";

export function BasicDetailsDialog({
  filter,
  allowOtherGender,
  closeTo,
}: {
  filter: FilterSummary;
  allowOtherGender: boolean;
  closeTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog id="basic" title={t("filter.basicDetails")} closeTo={closeTo}>
      <QuoteForm
        id="basic-details"
        defaults={{
          zip: filter.zip,
          dob: filter.dob,
          gender: filter.gender,
          spouseDob: filter.spouseDob,
          childCount: filter.childCount,
          smoker: filter.smoker,
        }}
        showSmoker={filter.smoker !== null}
        allowOtherGender={allowOtherGender || filter.gender === 2}
        submitLabel={t("filter.save")}
      />
    </Dialog>
  );
}
