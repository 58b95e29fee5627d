import type { ReactNode } from "react";
import type { SidebarEntryKey } from "../../../domain/shared/permissions/sidebar-entries.ts";

// Simple line icons drawn inline (no icon font, no request); each entry's label carries its name,
// so every icon is decorative and hidden from assistive technology.
const PATHS: Readonly<Record<SidebarEntryKey, ReactNode>> = {
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </>
  ),
  institution: (
    <>
      <path d="M3 21h18M5 21V10l7-5 7 5v11" />
      <path d="M9 21v-6h6v6" />
    </>
  ),
  admins: (
    <>
      <path d="M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  slps: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5" />
      <path d="M16 4.5a3.5 3.5 0 010 7M18 14.8c1.8.8 3 2.6 3.5 5.2" />
    </>
  ),
  patients: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1-4 4.2-6.5 8-6.5s7 2.5 8 6.5" />
    </>
  ),
  exercises: (
    <>
      <rect x="3" y="7" width="18" height="11" rx="3" />
      <path d="M8 10.5v4M6 12.5h4M15.5 11.5h.01M18 13.5h.01" />
    </>
  ),
  billing: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  "slp-chat": <path d="M4 5h16v11H9l-5 4z" />,
  audit: (
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M9 11h7M9 15h7M9 7h4" />
    </>
  ),
};

export function SidebarIcon({ entry }: { entry: SidebarEntryKey }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[entry]}
    </svg>
  );
}

/** The product's mark: shown alone in the collapsed strip, beside the wordmark when expanded. */
export function LogoMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="32" height="32" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M10 13c0-2.5 2.5-4 6-4s6 1.5 6 4-3 3.5-6 4-6 1.5-6 4 2.5 4 6 4 6-1.5 6-4" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
