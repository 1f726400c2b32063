/**
 * What image inputs share with the rich text editor and the profile's avatar, kept apart from the
 * image input itself (./ImageUpload.tsx), which loads only with a form that has an image: the
 * browser-side checks of chosen files and where the inputs upload to.
 */
import { createContext } from 'react';
import type { ProgressUploader } from '../providers/uploadWithProgress';
import { uploadImageProgressive } from '../providers/uploadWithProgress';
import { UPLOAD_RULES } from '../schema/rules';
import { decodesAsImage } from './imageDecode';

const BYTES_PER_MB = 1024 * 1024;
/** The largest upload in MB, as the inputs' hints say it. */
export const UPLOAD_MB = UPLOAD_RULES.maxBytes / BYTES_PER_MB;

/** A browser-side refusal: a translation key and its parameters. */
export type Refusal = { readonly key: string; readonly args: Record<string, unknown> };

/**
 * Splits chosen files into those to upload and the refusals: wrong type, too big, not decodable,
 * or past `room` (how many more the field takes). In the order chosen.
 */
export const checkImages = async (files: readonly File[], room: number): Promise<{ accepted: File[]; refused: Refusal[] }> => {
  const accepted: File[] = [];
  const refused: Refusal[] = [];
  let overCount = false;
  for (const file of files) {
    if (!(UPLOAD_RULES.mimeTypes as readonly string[]).includes(file.type)) refused.push({ key: 'entity.image.wrong_type', args: { name: file.name } });
    else if (file.size > UPLOAD_RULES.maxBytes) refused.push({ key: 'entity.image.too_big', args: { name: file.name, size: UPLOAD_MB } });
    else if (!(await decodesAsImage(file))) refused.push({ key: 'entity.image.not_an_image', args: { name: file.name } });
    else if (accepted.length >= room) overCount = true;
    else accepted.push(file);
  }
  return { accepted, refused: overCount ? [...refused, { key: 'entity.image.too_many', args: { maxCount: room } }] : refused };
};

/** Where the image inputs below it upload to (`POST /minio/upload` unless a screen says otherwise, as the profile's avatar does). */
export const ImageUploaderContext = createContext<ProgressUploader>(uploadImageProgressive);
