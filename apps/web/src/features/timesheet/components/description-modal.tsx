import { FIELD_MSG, type Lancamento, PHOTO_MAX_BYTES, padNumber } from '@os/shared';
import { Camera, ImagePlus, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { useCreateDescricao } from '../api/descricoes';
import { newIdempotencyKey } from '../api/idempotency-key';
import { CameraCapture } from './camera-capture';
import { FormInput, today } from './field-form';

/** 'Descrição da Atividade' (spec §2.17): date, detailed description, optional photo from a file or the camera. */
export function DescriptionModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const message = useMessage();
  const save = useCreateDescricao();
  const [key] = useState(newIdempotencyKey);
  const [data, setData] = useState(today());
  const [descricao, setDescricao] = useState('');
  const [photo, setPhoto] = useState<{ file: File; fromCamera: boolean } | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo.file) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return void message.error(FIELD_MSG.photoNotImage);
    if (file.size > PHOTO_MAX_BYTES) return void message.error(FIELD_MSG.photoTooLarge);
    setPhoto({ file, fromCamera: false });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data || !descricao.trim()) return void message.warning(FIELD_MSG.descricaoRequired);
    const form = new FormData();
    form.append('data', data);
    form.append('descricao', descricao.trim());
    form.append('osnumber', String(order.id));
    if (photo) {
      // spec §9: a camera photo is named descricao{id}.jpg; the server makes the stored name.
      if (photo.fromCamera) form.append('nomeFoto', photo.file.name);
      form.append('imagem', photo.file, photo.file.name);
    }
    try {
      await save.mutateAsync({ form, key });
      toast.success(FIELD_MSG.descricaoSaved);
      onClose();
    } catch {
      void message.error(FIELD_MSG.descricaoFailed);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Descrição da Atividade"
      description={`OS ${padNumber(order.numero)} · ${order.cliente}`}
    >
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
          ) : cameraOpen ? (
            <CameraCapture
              fileName={`descricao${order.id}.jpg`}
              onAccept={(file) => setPhoto({ file, fromCamera: true })}
              onClose={() => setCameraOpen(false)}
            />
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <label className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-within:ring-2 focus-within:ring-blue-600/40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700">
                <ImagePlus className="size-4" aria-hidden="true" />
                Escolher foto
                <input
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  aria-label="Escolher foto"
                  onChange={(e) => choosePhoto(e.target.files?.[0])}
                />
              </label>
              <Button
                variant="secondary"
                className="min-h-11"
                icon={<Camera className="size-4" aria-hidden="true" />}
                onClick={() => setCameraOpen(true)}
              >
                Abrir câmera
              </Button>
            </div>
          )}
        </div>
        <Button type="submit" className="min-h-11" loading={save.isPending}>
          Salvar Descrição
        </Button>
      </form>
    </Modal>
  );
}
