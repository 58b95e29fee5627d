import { createContext, useContext } from "react";
import type { SidebarEntryKey } from "../../../domain/shared/permissions/sidebar-entries.ts";

/**
 * Counts shown on sidebar entries (the chat's unread messages), given by the signed-in area
 * (ui/app), which knows the features; the shell only draws them. No entry, or 0, shows nothing.
 */
export type SidebarBadges = Partial<Readonly<Record<SidebarEntryKey, number>>>;

export const SidebarBadgesContext = createContext<SidebarBadges>({});

export const useSidebarBadges = (): SidebarBadges => useContext(SidebarBadgesContext);
