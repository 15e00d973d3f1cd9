import { SITE_LIMITS } from '@fairway/domain';

/** What the file picker offers: JPEG and PNG by extension and by type (spec §5). */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_EXTENSION = /\.(jpe?g|png)$/i;

export type ImageFileProblem = 'type' | 'size';

/**
 * The server's rules checked before sending, so a wrong file is refused at once instead of after the
 * upload: JPEG or PNG (by type, or by extension where the browser reports none), at most 2 MB.
 */
export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): ImageFileProblem | null {
  const knownType = file.type !== '' ? IMAGE_TYPES.includes(file.type) : IMAGE_EXTENSION.test(file.name);
  if (!knownType) return 'type';
  if (file.size > SITE_LIMITS.imageMaxBytes) return 'size';
  return null;
}
