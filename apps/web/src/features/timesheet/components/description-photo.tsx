import { Camera, ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useObjectUrl } from '../../../lib/use-object-url';
import { CameraCapture } from './camera-capture';

/** The description's photo as chosen: the file, and whether the camera took it (it then keeps its own name). */
export interface DescriptionPhoto {
  file: File;
  fromCamera: boolean;
}

/**
 * 'Foto (opcional)' of 'Descrição da Atividade': the chosen photo with 'Remover foto', or 'Escolher foto'
 * beside 'Abrir câmera' (it stays there also when the camera fails, docs/rules.md#daily-use).
 */
export function DescriptionPhotoField({
  photo,
  cameraFileName,
  onChoose,
  onRemove,
}: {
  photo: DescriptionPhoto | null;
  /** The name of a camera photo (docs/rules.md#constants: descricao{id}.jpg). */
  cameraFileName: string;
  onChoose: (file: File | undefined, fromCamera: boolean) => void;
  onRemove: () => void;
}) {
  const [cameraOpen, setCameraOpen] = useState(false);
  const preview = useObjectUrl(photo?.file ?? null);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-200">Foto (opcional)</span>
      {preview ? (
        <div className="relative">
          <img
            src={preview}
            alt="Foto da atividade"
            className="max-h-60 w-full rounded-md bg-slate-100 object-contain dark:bg-slate-800"
          />
          <Button
            variant="secondary"
            size="sm"
            className="absolute top-2 right-2"
            icon={<X className="size-4" aria-hidden="true" />}
            onClick={onRemove}
          >
            Remover foto
          </Button>
        </div>
      ) : (
        <>
          {cameraOpen && (
            <CameraCapture
              fileName={cameraFileName}
              onAccept={(file) => onChoose(file, true)}
              onClose={() => setCameraOpen(false)}
            />
          )}
          <div className={cameraOpen ? 'flex flex-col' : 'grid grid-cols-2 gap-2'}>
            <label className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-within:ring-2 focus-within:ring-blue-600/40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700">
              <ImagePlus className="size-4" aria-hidden="true" />
              Escolher foto
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                aria-label="Escolher foto"
                onChange={(e) => {
                  setCameraOpen(false);
                  onChoose(e.target.files?.[0], false);
                }}
              />
            </label>
            {!cameraOpen && (
              <Button
                variant="secondary"
                className="min-h-11"
                icon={<Camera className="size-4" aria-hidden="true" />}
                onClick={() => setCameraOpen(true)}
              >
                Abrir câmera
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
