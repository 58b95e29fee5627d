import { StatusMessage } from "../kit/status-message.tsx";
import * as page from "./content-page.css.ts";

// What a lazily loaded page shows while its code downloads (each feature's pages are their own
// chunks, so the dashboard where everyone lands does not carry them). The h1 is there at once, so
// focus has its heading on arrival.
export function PageChunkLoading({ title }: { readonly title: string }) {
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{title}</h1>
      <StatusMessage busy>Loading this page…</StatusMessage>
    </div>
  );
}
