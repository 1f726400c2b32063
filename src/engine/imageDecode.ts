/**
 * Refuses, when chosen, a file that claims to be an image but is not one: the browser decodes it
 * before it is previewed or sent. The server checks the bytes again on upload; this only spares
 * the user a form that fails on Save.
 */

/** Whether the browser can decode `file` as an image; true when it has no way to tell. */
export const decodesAsImage = async (file: Blob): Promise<boolean> => {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      bitmap.close();
      return true;
    } catch {
      return false;
    }
  }
  return true;
};
