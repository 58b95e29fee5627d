/** Spec section 9: the sidebar is a 63 px icon strip that widens to 250 px over 300 ms. */
export const SIDEBAR_COLLAPSED_PX = 63;
export const SIDEBAR_EXPANDED_PX = 250;
export const SIDEBAR_TRANSITION_MS = 300;

/** The id of every layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/** The id of the sidebar's <nav>, the target of "Skip to navigation". */
export const MAIN_NAVIGATION_ID = "main-navigation";
