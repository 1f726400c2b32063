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

type DropEvent = Event & { readonly dataTransfer?: DataTransfer | null; readonly target: EventTarget | null };

const filesOf = (event: DropEvent): File[] | null => {
  if (event.type === 'drop' && event.dataTransfer) return Array.from(event.dataTransfer.files);
  const input = event.target as HTMLInputElement | null;
  if (event.type === 'change' && input?.files) return Array.from(input.files);
  return null;
};

/**
 * react-dropzone's `getFilesFromEvent`: dropped or picked files that do not decode are left out
 * and reported; while dragging, the items are passed on as they are (only their types are read).
 */
export const decodedFilesFromEvent = (onRefused: (files: readonly File[]) => void) =>
  async (event: unknown): Promise<(File | DataTransferItem)[]> => {
    const dropEvent = event as DropEvent;
    const files = filesOf(dropEvent);
    if (!files) return Array.from(dropEvent.dataTransfer?.items ?? []);
    const decodes = await Promise.all(files.map(decodesAsImage));
    const refused = files.filter((_file, i) => !decodes[i]);
    if (refused.length > 0) onRefused(refused);
    return files.filter((_file, i) => decodes[i]);
  };
