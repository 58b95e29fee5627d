// What other features may use of the goals adapters (issue 37).
export { createGoalsApi, goalsApiOf, type GoalsApi } from "./goals-api.ts";
