/**
 * Saves a file from a signed URL the way a link does: the browser's own download, named by
 * the URL's attachment disposition, without the page leaving.
 */
export const saveFromUrl = (url: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};
