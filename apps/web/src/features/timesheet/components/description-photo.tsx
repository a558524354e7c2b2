import { Camera, ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PhotoPickButton, PhotoPreview } from '../../../components/ui/photo-pick';
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
        <PhotoPreview src={preview} alt="Foto da atividade" className="max-h-60" onRemove={onRemove} />
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
            <PhotoPickButton
              label="Escolher foto"
              className="min-h-11"
              onPick={(file) => {
                setCameraOpen(false);
                onChoose(file, false);
              }}
            >
              <ImagePlus className="size-4" aria-hidden="true" />
              Escolher foto
            </PhotoPickButton>
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
