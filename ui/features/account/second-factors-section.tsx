import { useQueryClient } from "@tanstack/react-query";
import { accountApiOf } from "../../../adapters/account/account-api.ts";
import { useActorRef } from "@xstate/react";
import { useMemo } from "react";
import { addableMfaMethods, canRemoveMfaMethod } from "../../../domain/auth/index.ts";
import { PHONE_VISIBLE_DIGITS } from "../../../domain/shared/format/phone.ts";
import { MFA_METHODS, type MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { MfaChangeSaved } from "../../../machines/account/mfa-change.setup.ts";
import { useServices } from "../../services/services-context.tsx";
import { MFA_METHOD_NAME } from "../auth/index.ts";
import { useReplaceCurrentUser } from "./use-account-user.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { MfaChangeDialog } from "./mfa-change-dialog.tsx";
import { mfaChangeLogicFor } from "./mfa-change-machines.ts";
import * as styles from "./settings-page.css.ts";

const ADD_LABEL: Readonly<Record<MfaMethod, string>> = {
  email: "Add email",
  sms: "Add text message (SMS)",
  app: "Add authenticator app",
};

const savedTitle = ({ change, method }: MfaChangeSaved): string => {
  const name = MFA_METHOD_NAME[method];
  if (change === "add") return `${name} added`;
  if (change === "default") return `${name} is now your default`;
  return `${name} removed`;
};

/** How a method reads in the list: SMS with the last digits of its (masked) number. */
const methodText = (method: MfaMethod, user: CurrentUser): string =>
  method === "sms" && user.phone !== null
    ? `${MFA_METHOD_NAME[method]}, number ending in ${user.phone.slice(-PHONE_VISIBLE_DIGITS)}`
    : MFA_METHOD_NAME[method];

// Settings > Security > Second factors: each confirmed method with its actions, and the methods
// not yet set up. Every change runs in the mfa-change machine, shown in one dialog.
export function SecondFactorsSection({ user }: { user: CurrentUser }) {
  const accountApi = accountApiOf(useServices().adapters.client);
  const queryClient = useQueryClient();
  const replaceUser = useReplaceCurrentUser();
  const logic = useMemo(
    () =>
      mfaChangeLogicFor(accountApi, (saved) => {
        replaceUser(saved.user);
        showToast({ title: savedTitle(saved), variant: "success" });
      }),
    [accountApi, replaceUser],
  );
  const actor = useActorRef(logic);

  const methods = MFA_METHODS.filter((method) => user.mfa_methods.includes(method));
  const addable = addableMfaMethods(user.mfa_methods);
  const cancel = () => {
    actor.send({ type: "change.cancel" });
    // A cancelled call may still have reached the server: read the record again rather than guess.
    void queryClient.invalidateQueries({ queryKey: ["users"] });
  };

  return (
    <section className={styles.section} aria-labelledby="second-factors-heading">
      <h2 id="second-factors-heading" className={styles.subheading}>
        Verification methods
      </h2>
      <p className={styles.muted}>After your password, you confirm each sign-in with a code from one of these.</p>
      <ul className={styles.methodList}>
        {methods.map((method) => {
          const isDefault = user.default_mfa_method === method;
          const removable = canRemoveMfaMethod(user.mfa_methods, method);
          const onlyOneId = `only-method-${method}`;
          return (
            <li key={method} className={styles.methodRow}>
              <span>
                <span className={styles.methodName}>{methodText(method, user)}</span>
                {isDefault ? <span className={styles.defaultBadge}>Default</span> : null}
                {removable ? null : (
                  <span id={onlyOneId} className={styles.muted}>
                    {" "}
                    Your only method cannot be removed: add another one first.
                  </span>
                )}
              </span>
              <span className={styles.actions}>
                {isDefault ? null : (
                  <Button
                    variant="secondary"
                    aria-label={`Make default: ${MFA_METHOD_NAME[method]}`}
                    onPress={() => actor.send({ type: "default.start", method, methods: user.mfa_methods })}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="secondary"
                  aria-label={`Remove ${MFA_METHOD_NAME[method]}`}
                  aria-describedby={removable ? undefined : onlyOneId}
                  isDisabled={!removable}
                  onPress={() => actor.send({ type: "remove.start", method, methods: user.mfa_methods })}
                >
                  Remove
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      {addable.length > 0 ? (
        <div className={styles.actions}>
          {addable.map((method) => (
            <Button
              key={method}
              variant="secondary"
              onPress={() => actor.send({ type: "add.start", method, methods: user.mfa_methods })}
            >
              {ADD_LABEL[method]}
            </Button>
          ))}
        </div>
      ) : null}
      <MfaChangeDialog actor={actor} user={user} onCancel={cancel} />
    </section>
  );
}
