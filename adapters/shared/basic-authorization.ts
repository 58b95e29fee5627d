/**
 * The login_web Authorization header: `Basic base64(email:password)` over the UTF-8 bytes, so a
 * password with accents or emoji is sent exactly as typed (plain `btoa` throws on them).
 */
export const basicAuthorization = (email: string, password: string): string => {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
};
