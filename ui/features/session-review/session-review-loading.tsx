import { StatusMessage } from "../../kit/status-message.tsx";
import * as page from "../../shell/content-page.css.ts";

// What a session-review page shows while its code downloads; the h1 is there at once so focus
// has its heading on arrival.
export function SessionReviewLoading({ title }: { readonly title: string }) {
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{title}</h1>
      <StatusMessage busy>Loading this page…</StatusMessage>
    </div>
  );
}
