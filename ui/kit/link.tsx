import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import * as styles from "./link.css.ts";
import * as buttonStyles from "./button.css.ts";
import type { ButtonVariant } from "./button.tsx";

export type LinkProps = Omit<AriaLinkProps, "className" | "style">;

// Navigation goes through React Aria's RouterProvider (ui/app/router-provider.tsx), so an
// in-app href changes the wouter location without a page load, while modifier-clicks and
// target="_blank" still open a new tab as the browser would.
export function Link(props: LinkProps) {
  return <AriaLink {...props} className={styles.link} />;
}

export type LinkButtonProps = LinkProps & { readonly variant?: ButtonVariant };

// A link that looks like a button: for an action that goes to another page ("New patient"). It
// stays a link, so screen readers say where it leads and a middle-click opens a tab.
export function LinkButton({ variant = "primary", ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={buttonStyles.button[variant]} />;
}
