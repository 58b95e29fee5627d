/** Toast and tooltip constants from spec section 9, kept in one place so the UI and its tests agree. */
export const TOAST_MAX_VISIBLE = 1;
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
export const TOAST_MAX_WIDTH_PX = 420;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/**
 * A CSS custom property on <html>: how far down the page the layout's header bar (breadcrumb, Back,
 * Cancel) reaches. The toast region starts below it, so a toast never covers those controls
 * (issue 31); pages without a header bar leave it unset.
 */
export const TOAST_CLEARANCE_PROPERTY = "--toast-clearance";
