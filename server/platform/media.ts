import * as Schema from "effect/Schema";
import type { FastifyInstance } from "fastify";
import { DEMO_AUDIO_ROUTE, DEMO_IMAGE_ROUTE } from "../../domain/exercises/content-endpoints.ts";
import { replyWithFailure } from "../http/api-failure.ts";
import { decodeRequest } from "../http/decode-request.ts";
import { failures } from "../http/failures.ts";
import { demoAudio } from "../media/demo-audio.ts";
import { demoImage } from "../media/demo-images.ts";

const AudioParams = Schema.Struct({ file: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,60}\.wav$/)) });
const ImageParams = Schema.Struct({ file: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,60}\.svg$/)) });
const decodeAudioParams = decodeRequest(AudioParams, "params");
const decodeImageParams = decodeRequest(ImageParams, "params");
const OPEN = { public: true, apiKey: "not-required" } as const;

/**
 * Demo media: recordings as WAV and exercise pictures as SVG. Public without the API key: an
 * <audio> or <img> element cannot send headers, and these are generated demo files, not
 * patient recordings. Real recordings would be served through short-lived signed URLs
 * instead (docs/server.md, "Media").
 */
export const registerMediaRoutes = (app: FastifyInstance): void => {
  app.get(
    DEMO_AUDIO_ROUTE,
    { config: { decodes: [decodeAudioParams], access: OPEN, doc: { summary: "A demo recording (WAV)", scope: "none", errors: { 404: ["ERROR_030"] }, produces: "audio/wav" } } },
    async (request, reply) => {
      const params = decodeAudioParams(request.params);
      const wav = params.ok ? demoAudio(params.value.file.slice(0, -".wav".length)) : undefined;
      if (wav === undefined) return replyWithFailure(reply, failures.notFound("audio"));
      return reply.type("audio/wav").header("content-length", wav.length).send(wav);
    },
  );

  app.get(DEMO_IMAGE_ROUTE, { config: { decodes: [decodeImageParams], access: OPEN, doc: { summary: "A demo exercise picture (SVG)", scope: "none", errors: { 404: ["ERROR_030"] }, produces: "image/svg+xml" } } }, async (request, reply) => {
    const params = decodeImageParams(request.params);
    const image = params.ok ? demoImage(params.value.file.slice(0, -".svg".length)) : undefined;
    if (image === undefined) return replyWithFailure(reply, failures.notFound("image"));
    return reply.type("image/svg+xml; charset=utf-8").send(image);
  });
};
