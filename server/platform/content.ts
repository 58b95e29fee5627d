import * as Schema from "effect/Schema";
import type { FastifyInstance } from "fastify";
import { CONTENT_FILE_ROUTE } from "../../domain/exercises/content-endpoints.ts";
import { DIFFICULTY_ORDER } from "../../domain/shared/games/difficulty.ts";
import { GAME_TYPES } from "../../domain/shared/games/game-type.ts";
import { exerciseContent } from "../content/exercise-content.ts";
import { replyWithFailure } from "../http/api-failure.ts";
import { decodeRequest } from "../http/decode-request.ts";
import { failures } from "../http/failures.ts";

const ContentParams = Schema.Struct({
  gameType: Schema.Literals(GAME_TYPES),
  file: Schema.Literals(DIFFICULTY_ORDER.map((difficulty) => `${difficulty}.json` as const)),
});
const decodeParams = decodeRequest(ContentParams, "params");

/**
 * Exercise content files, one per game and difficulty, each with its `configuration` limits.
 * Open without the API key: the client downloads them from a URL like any file, and they hold
 * exercise material, no patient data.
 */
export const registerContentRoutes = (app: FastifyInstance): void => {
  app.get(
    CONTENT_FILE_ROUTE,
    { config: { decodes: [decodeParams], access: { public: true, apiKey: "not-required" }, doc: { summary: "An exercise content file of one game and difficulty", scope: "none", errors: { 404: ["ERROR_030"] } } } },
    async (request, reply) => {
      const params = decodeParams(request.params);
      if (!params.ok) return replyWithFailure(reply, failures.notFound("exercise content"));
      const difficulty = DIFFICULTY_ORDER.find((level) => `${level}.json` === params.value.file);
      const content = difficulty === undefined ? undefined : exerciseContent(params.value.gameType, difficulty);
      if (content === undefined) return replyWithFailure(reply, failures.notFound("exercise content"));
      return content;
    },
  );
};
