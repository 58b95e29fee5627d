import type { ReactNode } from "react";
import { Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps as AriaTooltipProps } from "react-aria-components";
import { TOOLTIP_DELAY_MS } from "../feedback/toast-constants.ts";
import * as styles from "./tooltip.css.ts";

export type TooltipProps = Omit<AriaTooltipProps, "className" | "style" | "children"> & {
  /** The focusable element the tooltip describes: a kit Button, Link or RAC Focusable. */
  readonly children: ReactNode;
  /** The tooltip text. It only repeats what the trigger's accessible name already says. */
  readonly content: ReactNode;
};

// Spec section 9: 700 ms before the first tooltip shows. React Aria then shows further tooltips at
// once for a fixed cooldown after one closes (500 ms in this version, not configurable), which is
// its form of the spec's 300 ms skip delay; see docs/shell.md.
export function Tooltip({ children, content, placement = "top", ...props }: TooltipProps) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS}>
      {children}
      <AriaTooltip {...props} placement={placement} offset={6} className={styles.tooltip}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
