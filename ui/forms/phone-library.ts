// The phone-number library as its own lazy chunk (ui/forms/phone-numbers.ts asks for it after a
// phone form's first commit). A file of its own so the bundle report can name the chunk: the
// library's code is shared with the second-factor pages, which import the phone rule directly.
export { phoneNumbers } from "../../domain/shared/validators/phone.ts";
