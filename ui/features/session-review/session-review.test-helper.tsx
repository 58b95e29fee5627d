// What the session-review page tests share besides the signed-in app (ui/app/signed-in-app.test-helper.tsx):
// one patient and one of their levels.

export const PATIENT = 7;
export const LEVEL = 31;
export const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };

export const patientWire = {
  id: PATIENT,
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.org",
  birthdate: "1950-04-02",
  status: "active",
  reviewed_status: "pending",
  staff: null,
  created_at: "2026-01-01T10:00:00.000Z",
  version: 1,
  gender: "female",
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
};
