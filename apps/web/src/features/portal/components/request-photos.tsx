import { REQUEST_MAX_PHOTOS, REQUEST_MSG } from '@os/shared';
import { ImagePlus, X } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Field } from '../../../components/ui/field';
import { reducePhoto } from '../../../lib/photo';

export interface ChosenPhoto {
  key: string;
  file: File;
  url: string;
}

/**
 * 'Fotos (até 5)' of a service request: images only, each reduced before it is kept, each removable.
 * `onError` says why a choice was refused, or undefined once one is accepted.
 */
export function RequestPhotosField({
  photos,
  setPhotos,
  error,
  onError,
}: {
  photos: ChosenPhoto[];
  setPhotos: Dispatch<SetStateAction<ChosenPhoto[]>>;
  error: string | undefined;
  onError: (message: string | undefined) => void;
}) {
  const full = photos.length >= REQUEST_MAX_PHOTOS;
  const addPhotos = async (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.some((f) => !f.type.startsWith('image/'))) return onError(REQUEST_MSG.photoNotImage);
    if (photos.length + chosen.length > REQUEST_MAX_PHOTOS) return onError(REQUEST_MSG.tooManyPhotos);
    onError(undefined);
    const reduced = await Promise.all(chosen.map(reducePhoto));
    setPhotos((p) => [...p, ...reduced.map((file) => ({ key: crypto.randomUUID(), file, url: URL.createObjectURL(file) }))]);
  };
  const remove = (photo: ChosenPhoto) => {
    URL.revokeObjectURL(photo.url);
    setPhotos((list) => list.filter((x) => x.key !== photo.key));
  };
  return (
    <Field label={`Fotos (até ${REQUEST_MAX_PHOTOS})`} error={error}>
      {(control) => (
        <div className="flex flex-col gap-2">
          <label
            className={`inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-blue-600 sm:min-h-9 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 ${full ? 'pointer-events-none opacity-60' : ''}`}
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            Adicionar fotos
            <input
              {...control}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              disabled={full}
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
          {photos.length > 0 && (
            <ul aria-label="Fotos escolhidas" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {photos.map((p, i) => (
                <li key={p.key} className="relative">
                  <img src={p.url} alt={`Foto ${i + 1}`} className="aspect-square w-full rounded object-cover" />
                  <button
                    type="button"
                    aria-label={`Remover foto ${i + 1}`}
                    onClick={() => remove(p)}
                    className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
