import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./theme/global.css.ts";
import { App } from "./app/app.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element to mount the portal into");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
