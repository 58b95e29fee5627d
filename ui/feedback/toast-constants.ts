/** Toast and tooltip constants from spec section 9, kept in one place so the UI and its tests agree. */
export const TOAST_MAX_VISIBLE = 1;
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
export const TOAST_MAX_WIDTH_PX = 420;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
