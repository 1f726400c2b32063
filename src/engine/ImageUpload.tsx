/**
 * The input of `image` and `images` fields: a chosen file is checked in the browser (JPG or PNG
 * by type and by decoding, at most UPLOAD_RULES.maxBytes, at most the field's `maxCount`), then
 * uploaded at once, with its progress shown over a preview; every image can be removed.
 *
 * While a file is on its way the field holds `{ rawFile, src, pending }` (`pending`: the URL to
 * come), so a Save pressed meanwhile waits for that upload (the data provider awaits `pending`)
 * instead of sending the file again; once stored, the field holds the URL, as the API does.
 */
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import type { DragEvent } from 'react';
import { useContext, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import type { ProgressUploader } from '../providers/uploadWithProgress';
import { UPLOAD_RULES } from '../schema/rules';
import type { Refusal } from './imageChecks';
import { checkImages, ImageUploaderContext, UPLOAD_MB } from './imageChecks';

/** What the file chooser offers (the server checks the bytes again). */
const ACCEPT = UPLOAD_RULES.mimeTypes.join(',');
const DEFAULT_MAX_COUNT = 10;

/** An image on its way: shown from the chosen file, replaced by the URL once stored. */
type PendingImage = { readonly rawFile: File; readonly src: string; readonly title: string; readonly pending: Promise<string>; readonly uploadId: string };
type Item = string | PendingImage | { readonly src: string };

const isPending = (item: unknown): item is PendingImage => Boolean(item && typeof item === 'object' && 'pending' in item);
const srcOf = (item: Item): string => (typeof item === 'string' ? item : item.src);
const itemsOf = (value: unknown): Item[] => {
  if (Array.isArray(value)) return value.filter(Boolean) as Item[];
  if (typeof value === 'string') return value ? [value] : [];
  return value && typeof value === 'object' ? [value as Item] : [];
};

type Props = {
  readonly source: string;
  readonly label: string;
  readonly multiple: boolean;
  /** Most images the field takes (`images`: the declaration's `maxCount`, default 10; `image`: 1). */
  readonly maxCount?: number;
  readonly disabled?: boolean;
  readonly isRequired?: boolean;
  readonly upload?: ProgressUploader;
};

let nextUploadId = 0;

export const ImageUploadInput = ({ source, label, multiple, maxCount: declared, disabled = false, isRequired = false, upload: given }: Props) => {
  const translate = useTranslate();
  const contextUpload = useContext(ImageUploaderContext);
  const upload = given ?? contextUpload;
  const { getValues, setValue } = useFormContext();
  const { field, fieldState, id } = useInput({ source });
  const maxCount = multiple ? declared ?? DEFAULT_MAX_COUNT : 1;
  const [progress, setProgress] = useState<Record<string, number | null>>({});
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const cancels = useRef(new Map<string, () => void>());
  const inputRef = useRef<HTMLInputElement>(null);
  const items = itemsOf(field.value);

  // Uploads still running when the form goes away are cancelled, and their previews released.
  useEffect(() => () => {
    for (const cancel of cancels.current.values()) cancel();
  }, []);

  /** Writes the field from its latest value (an upload may end after other changes). */
  const update = (change: (current: Item[]) => Item[]) => {
    const next = change(itemsOf(getValues(source)));
    setValue(source, multiple ? next : next[0] ?? null, { shouldDirty: true, shouldTouch: true });
  };

  const start = (file: File) => {
    const uploadId = `upload-${(nextUploadId += 1)}`;
    const running = upload(file, (sent, total) => setProgress((p) => (uploadId in p ? { ...p, [uploadId]: total ? Math.round((sent / total) * 100) : null } : p)));
    // Awaited by a Save pressed meanwhile; a failure is shown here, so it is handled here too.
    running.done.catch(() => undefined);
    cancels.current.set(uploadId, running.cancel);
    setProgress((p) => ({ ...p, [uploadId]: null }));
    const src = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
    const item: PendingImage = { rawFile: file, src, title: file.name, pending: running.done, uploadId };
    const settle = () => {
      cancels.current.delete(uploadId);
      setProgress(({ [uploadId]: _gone, ...rest }) => rest);
      if (src) URL.revokeObjectURL(src);
    };
    running.done.then((url) => {
      settle();
      update((current) => current.map((i) => (isPending(i) && i.uploadId === uploadId ? url : i)));
    }, (error: unknown) => {
      settle();
      update((current) => current.filter((i) => !(isPending(i) && i.uploadId === uploadId)));
      if ((error as { name?: string }).name !== 'AbortError') {
        setRefusals((r) => [...r, { key: 'entity.image.upload_failed', args: { name: file.name, reason: translate((error as Error).message, { _: (error as Error).message }) } }]);
      }
    });
    return item;
  };

  const choose = async (files: readonly File[]) => {
    if (disabled || files.length === 0) return;
    // A single image is replaced by the next one chosen; a list fills up to its maximum.
    const current = itemsOf(getValues(source));
    const room = multiple ? Math.max(0, maxCount - current.length) : 1;
    const { accepted, refused } = await checkImages(files, room);
    setRefusals(refused.map((r) => (r.key === 'entity.image.too_many' ? { ...r, args: { maxCount } } : r)));
    if (accepted.length === 0) return;
    if (!multiple) for (const item of current) if (isPending(item)) cancels.current.get(item.uploadId)?.();
    const started = accepted.map(start);
    update((latest) => (multiple ? [...latest, ...started] : started));
  };

  const remove = (item: Item) => {
    if (isPending(item)) cancels.current.get(item.uploadId)?.();
    update((current) => current.filter((i) => i !== item && !(isPending(i) && isPending(item) && i.uploadId === item.uploadId)));
    setRefusals([]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void choose(Array.from(event.dataTransfer.files));
  };

  const error = fieldState.error?.message;
  const full = multiple && items.length >= maxCount;
  const hint = multiple
    ? translate('entity.image.drop_many', { size: UPLOAD_MB, maxCount })
    : translate('entity.image.drop', { size: UPLOAD_MB });
  return (
    <Box className={`ra-input ra-input-${source}`} sx={{ width: '100%', mb: 2 }} onDragOver={(e: DragEvent) => e.preventDefault()} onDrop={onDrop}>
      <FormLabel htmlFor={id} required={isRequired} error={Boolean(error)} sx={{ display: 'block', mb: 0.5 }}>
        {translate(label, { _: label })}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        {items.map((item) => {
          const pendingId = isPending(item) ? item.uploadId : null;
          const percent = pendingId ? progress[pendingId] ?? null : undefined;
          const name = isPending(item) ? item.title : srcOf(item).split('/').pop() ?? '';
          return (
            <Box key={pendingId ?? srcOf(item)} sx={{ position: 'relative', width: 120, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
              <Box component="img" src={srcOf(item)} alt={name} title={name} sx={{ width: '100%', height: 90, objectFit: 'contain', display: 'block', opacity: pendingId ? 0.6 : 1 }} />
              {percent !== undefined && (
                <LinearProgress
                  variant={percent === null ? 'indeterminate' : 'determinate'}
                  value={percent ?? undefined}
                  aria-label={translate('entity.image.uploading', { name })}
                  sx={{ mt: 0.5 }}
                />
              )}
              {!disabled && (
                <IconButton size="small" onClick={() => remove(item)} aria-label={translate('entity.image.remove')}
                  sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}>
                  <Close fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        })}
      </Box>
      <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" startIcon={<AddPhotoAlternate />} disabled={disabled || full} onClick={() => inputRef.current?.click()}>
          {translate(multiple ? 'entity.image.choose' : 'entity.image.choose_one')}
        </Button>
        <FormHelperText component="span" sx={{ m: 0 }}>{hint}</FormHelperText>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPT}
          multiple={multiple}
          hidden
          disabled={disabled}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so choosing the same file again is a change too.
            event.target.value = '';
            void choose(files);
          }}
        />
      </Box>
      {refusals.length > 0 && (
        <Box role="alert">
          {refusals.map((r) => <FormHelperText key={`${r.key}:${JSON.stringify(r.args)}`} error>{translate(r.key, r.args)}</FormHelperText>)}
        </Box>
      )}
      {/* A form error may be a key with arguments (react-admin's `{ message, args }`): its own component words it. */}
      {error && <FormHelperText error><ValidationError error={error} /></FormHelperText>}
    </Box>
  );
};
