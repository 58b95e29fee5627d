/**
 * Hands a file fetched with the session's headers to the browser as a download, through an object
 * URL and a temporary link: what it holds (patient data) never goes through an address a log or
 * the history keeps. jsdom has no object URLs: page tests stop at the fetch.
 */
export const saveFile = (name: string, file: Blob): void => {
  if (typeof URL.createObjectURL !== "function") return;
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once may cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
