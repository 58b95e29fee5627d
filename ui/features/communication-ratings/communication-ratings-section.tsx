import type { PatientId } from "../../../domain/shared/ids.ts";
import { ratingAbilitiesOf } from "../../../domain/communication-ratings/rating-abilities.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import * as pageStyles from "../../shell/content-page.css.ts";
import { RatingForm } from "./rating-form.tsx";
import { RatingsTable } from "./ratings-table.tsx";
import { useCommunicationRatings } from "./use-communication-ratings.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

export type CommunicationRatingsSectionProps = {
  readonly patientId: PatientId;
};

// "Communication ratings" on the patient record (issue 37, docs/communication-ratings.md): the
// eight functional communication scales, each with its latest level and the change since the
// rating before, and, for those who may rate (goals create), the form of a new rating. A rating
// is never edited: a correction is a new rating of the same day, which then stands for it.
export function CommunicationRatingsSection({ patientId }: CommunicationRatingsSectionProps) {
  const ratings = useDeferredQuery(useCommunicationRatings(patientId));
  const user = useCurrentUser().data;
  const canRate = user !== undefined && ratingAbilitiesOf(user).rate;
  return (
    <section className={pageStyles.section} aria-labelledby="communication-ratings-heading">
      <h2 id="communication-ratings-heading" className={pageStyles.subheading}>
        Communication ratings
      </h2>
      <QueryStatus query={ratings} loading="Loading the ratings…" status="" busy={ratings.isFetching} />
      {ratings.data === undefined ? null : (
        <>
          {ratings.data.ratings.length === 0 ? <p className={pageStyles.lead}>No rating yet. Ratings are made at the evaluation, at each progress report and at discharge.</p> : null}
          <RatingsTable ratings={ratings.data.ratings} />
          {canRate ? <RatingForm patientId={patientId} timeZone={ratings.data.time_zone} today={ratings.data.today} /> : null}
        </>
      )}
    </section>
  );
}
