import { endpoint } from "../shared/wire/endpoint.ts";
import { Institution, InstitutionBody, InstitutionListQuery, InstitutionListResponse, InstitutionPathParams } from "./institutions-wire.ts";

// The institutions calls of spec section 7 (docs/administration.md), declared once for the
// server's routes and the adapter's calls. assign_games lives with the exercises it offers.

/** GET institutions/: one page of institutions by name, with their member and patient counts and administrators (the super administrator's list). */
export const listInstitutionsEndpoint = endpoint({
  method: "GET",
  path: "/api/institutions/",
  query: InstitutionListQuery,
  answer: InstitutionListResponse,
});

/** GET institutions/{id}: one institution with its allowed domains, description and offered games (the spec writes it without a slash). */
export const getInstitutionEndpoint = endpoint({
  method: "GET",
  path: "/api/institutions/:id/",
  params: InstitutionPathParams,
  answer: Institution,
  slashOptional: true,
});

/** POST institutions/: a new institution (name unique, ERROR_024; each allowed domain well formed, ERROR_023). */
export const createInstitutionEndpoint = endpoint({
  method: "POST",
  path: "/api/institutions/",
  body: InstitutionBody,
  answer: Institution,
});

/** PUT institutions/{id}/: the institution's name, allowed domains and description, from the version the person saw. */
export const updateInstitutionEndpoint = endpoint({
  method: "PUT",
  path: "/api/institutions/:id/",
  params: InstitutionPathParams,
  body: InstitutionBody,
  answer: Institution,
});
