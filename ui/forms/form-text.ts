/** A text field's value from submitted form data; a missing field (or a file) reads as "". */
export const formText = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
};
