import { chatPatient } from "./chat-patient.ts";

/** `npm run chat-patient -- --token T say "text"` (docs/chat-api.md, "Playing the patient"); Ctrl-C ends `listen`. */
const controller = new AbortController();
process.once("SIGINT", () => controller.abort());
process.exitCode = await chatPatient(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  signal: controller.signal,
  env: process.env,
});
