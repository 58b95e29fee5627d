// What the billing pages and the institution page say while the institution has not chosen its
// device-supply kind (issue 31, item 1): no supply code (nor the set-up riding with it) can be claimed,
// so the months with one due are blocked; the notice says so and where the kind is chosen.

/** The notice's heading. */
export const SUPPLY_KIND_NOTICE_TITLE = "Device-supply kind not chosen";

/** Why it matters, in billing words. */
export const SUPPLY_KIND_NOTICE_TEXT =
  "No device-supply code (98976 to 98986) and no set-up code (98975) can be billed until the institution chooses which supply codes its payers accept. Until then a month whose 30-day period is due is blocked, and its CSV line is not billable.";

/** What to do: those who may edit the institution choose it there; others ask an administrator. */
export const supplyKindNoticeAction = (mayChoose: boolean): string =>
  mayChoose
    ? "Choose it on the institution page: Edit, then Remote monitoring supply codes."
    : "Ask an institution administrator to choose it on the institution page.";

/** The link's words. */
export const SUPPLY_KIND_LINK_TEXT = "Open the institution page";
