import { useLocation } from "wouter";
import { useDocumentTitle } from "./use-document-title.ts";
import { StatusMessage } from "../kit/status-message.tsx";
import * as layouts from "./layouts.css.ts";
import * as sidebarStyles from "./sidebar/sidebar.css.ts";
import { HOME_PATH } from "../../domain/routes.ts";

// Where everyone lands after sign-in or a reload: its heading is known before the signed-in code
// arrives. Other addresses say what is happening until their page names itself.
const headingFor = (path: string): string => (path === HOME_PATH ? "Dashboard" : "Loading the portal");

// Shown while the signed-in area's code downloads (it is a lazy chunk). Kept out of that chunk so
// it shows at once, in the shell's own frame (the sidebar's empty strip, the content column), so
// nothing moves when the sidebar and the page arrive.
export function ShellLoadingPage() {
  const [path] = useLocation();
  const heading = headingFor(path);
  useDocumentTitle(heading === "Dashboard" ? heading : "Loading");
  return (
    <>
      <div className={sidebarStyles.sidebar} aria-hidden="true" />
      <div className={layouts.column}>
        <main className={layouts.main} aria-busy="true">
          <div className={layouts.status}>
            <h1>{heading}</h1>
            <StatusMessage busy>Loading…</StatusMessage>
          </div>
        </main>
      </div>
    </>
  );
}
