import { FIELD_MSG, type Lancamento, PHOTO_MAX_BYTES } from '@os/shared';
import { Camera, ImagePlus, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { toast } from '../../../components/ui/toast';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { newIdempotencyKey } from '../../../lib/offline/write';
import { reducePhoto } from '../../../lib/photo';
import { useCreateDescricao } from '../api/records';
import { CameraCapture } from './camera-capture';
import { FormInput, today } from './field-form';
import { OrderModal } from './order-modal';

/** 'Descrição da Atividade' (docs/screens.md#order-card-modals): date, detailed description, optional photo from a file or the camera. */
export function DescriptionModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const message = useMessage();
  const save = useCreateDescricao();
  const [key] = useState(newIdempotencyKey);
  const [data, setData] = useState(today());
  const [descricao, setDescricao] = useState('');
  const [photo, setPhoto] = useState<{ file: File; fromCamera: boolean } | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [reducing, setReducing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo.file) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  /** The photo is reduced as soon as it is chosen or taken (docs/rules.md#daily-use): what is kept offline and sent is the light one. */
  const takePhoto = async (chosen: File | undefined, fromCamera: boolean) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return void message.error(FIELD_MSG.photoNotImage);
    setReducing(true);
    const file = await reducePhoto(chosen).finally(() => setReducing(false));
    if (file.size > PHOTO_MAX_BYTES) return void message.error(FIELD_MSG.photoTooLarge);
    setPhoto({ file, fromCamera });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data || !descricao.trim()) return void message.warning(FIELD_MSG.descricaoRequired);
    const form = new FormData();
    form.append('data', data);
    form.append('descricao', descricao.trim());
    form.append('osnumber', String(order.id));
    if (photo) {
      // docs/rules.md#constants: a camera photo is named descricao{id}.jpg; the server makes the stored name.
      if (photo.fromCamera) form.append('nomeFoto', photo.file.name);
      form.append('imagem', photo.file, photo.file.name);
    }
    try {
      await save.mutateAsync({ input: form, key, onProgress: photo ? setProgress : undefined });
      toast.success(FIELD_MSG.descricaoSaved);
      onClose();
    } catch {
      void message.error(FIELD_MSG.descricaoFailed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <OrderModal order={order} onClose={onClose} title="Descrição da Atividade">
      <form id="descricao-form" onSubmit={submit} className="flex flex-col gap-3">
        <FormInput label="Data" type="date" value={data} onChange={setData} />
        <Field label="Descrição detalhada">
          {(control) => <Textarea {...control} rows={5} value={descricao} onChange={(e) => setDescricao(e.target.value)} />}
        </Field>
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
                onClick={() => setPhoto(null)}
              >
                Remover foto
              </Button>
            </div>
          ) : (
            <>
              {cameraOpen && (
                <CameraCapture
                  fileName={`descricao${order.id}.jpg`}
                  onAccept={(file) => void takePhoto(file, true)}
                  onClose={() => setCameraOpen(false)}
                />
              )}
              {/* 'Escolher foto' stays beside the camera, also when it fails (docs/rules.md#daily-use). */}
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
                      void takePhoto(e.target.files?.[0], false);
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
        {reducing && <UploadProgress percent={null} />}
        {save.isPending && progress !== null && <UploadProgress percent={progress} />}
        <Button type="submit" className="min-h-11" loading={save.isPending} disabled={reducing}>
          Salvar Descrição
        </Button>
      </form>
    </OrderModal>
  );
}
