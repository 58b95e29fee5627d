import { billingAbilitiesOf } from "../../../domain/billing/billing-abilities.ts";
import { SUPPLY_KIND_LINK_TEXT, SUPPLY_KIND_NOTICE_TEXT, SUPPLY_KIND_NOTICE_TITLE, supplyKindNoticeAction } from "../../../domain/billing/supply-kind-notice.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { APP_ROUTE } from "../../../domain/shared/navigation/app-route.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Link } from "../../kit/link.tsx";
import * as styles from "./supply-kind-notice.css.ts";

type Props = {
  /** The signed-in user: whether they may choose the kind, and their institution's page. */
  readonly user: CurrentUser;
  /** False on the institution page itself, where the Edit button is the way. */
  readonly withLink?: boolean;
};

/**
 * Issue 31, item 1: while the institution has chosen no device-supply kind, the billing pages and the
 * institution page say that no supply or set-up code can be billed, and where the kind is chosen.
 */
export function SupplyKindNotice({ user, withLink = true }: Props) {
  const mayChoose = billingAbilitiesOf(user).chooseSupplyKind;
  const institution = user.institution;
  return (
    <section className={styles.notice} aria-labelledby="supply-kind-notice-title">
      <h2 id="supply-kind-notice-title" className={styles.title}>
        {SUPPLY_KIND_NOTICE_TITLE}
      </h2>
      <p className={styles.text}>{SUPPLY_KIND_NOTICE_TEXT}</p>
      <p className={styles.text}>
        {supplyKindNoticeAction(mayChoose)}
        {withLink && institution !== null ? (
          <>
            {" "}
            <Link href={hrefFor(APP_ROUTE.organizationDetail, { organizationId: institution.id })}>{SUPPLY_KIND_LINK_TEXT}</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
