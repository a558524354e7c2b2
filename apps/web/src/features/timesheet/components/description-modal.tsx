import { descricaoFormSchema, FIELD_MSG, type Lancamento, PHOTO_MAX_BYTES } from '@os/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { announceWrite, newIdempotencyKey } from '../../../lib/offline/write';
import { usePhotoChoice } from '../../../lib/use-photo-choice';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateDescricao } from '../api/records';
import { type DescriptionPhoto, DescriptionPhotoField } from './description-photo';
import { FormInput, today } from './field-form';
import { OrderModal } from './order-modal';

/** The multipart body of POST /api/descricao/ (docs/api.md#records). */
function descricaoBody(fields: { data: string; descricao: string }, orderId: number, photo: DescriptionPhoto | null) {
  const body = new FormData();
  body.append('data', fields.data);
  body.append('descricao', fields.descricao);
  body.append('osnumber', String(orderId));
  if (photo) {
    // docs/rules.md#constants: a camera photo is named descricao{id}.jpg; the server makes the stored name.
    if (photo.fromCamera) body.append('nomeFoto', photo.file.name);
    body.append('imagem', photo.file, photo.file.name);
  }
  return body;
}

/** 'Descrição da Atividade' (docs/screens.md#order-card-modals): date, detailed description, optional photo from a file or the camera. */
export function DescriptionModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const message = useMessage();
  const save = useCreateDescricao();
  const [key] = useState(newIdempotencyKey);
  const [photo, setPhoto] = useState<DescriptionPhoto | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { reduce, reducing } = usePhotoChoice({
    maxBytes: PHOTO_MAX_BYTES,
    notImage: FIELD_MSG.photoNotImage,
    tooLarge: FIELD_MSG.photoTooLarge,
  });
  const { register, handleSubmit } = useSchemaForm(descricaoFormSchema, { data: today(), descricao: '' });

  const choosePhoto = async (chosen: File | undefined, fromCamera: boolean) => {
    const file = await reduce(chosen);
    if (file) setPhoto({ file, fromCamera });
  };

  const submit = handleSubmit(
    async (fields) => {
      try {
        const answer = await save.mutateAsync({
          input: descricaoBody(fields, order.id, photo),
          key,
          onProgress: photo ? setProgress : undefined,
        });
        announceWrite(answer, FIELD_MSG.descricaoSaved);
        onClose();
      } catch {
        void message.error(FIELD_MSG.descricaoFailed);
      } finally {
        setProgress(null);
      }
    },
    (errors) => void message.warning(firstError(errors) ?? FIELD_MSG.descricaoRequired),
  );

  return (
    <OrderModal order={order} onClose={onClose} title="Descrição da Atividade">
      <form id="descricao-form" onSubmit={submit} className="flex flex-col gap-3">
        <FormInput label="Data" type="date" {...register('data')} />
        <Field label="Descrição detalhada">{(control) => <Textarea {...control} rows={5} {...register('descricao')} />}</Field>
        <DescriptionPhotoField
          photo={photo}
          cameraFileName={`descricao${order.id}.jpg`}
          onChoose={(file, fromCamera) => void choosePhoto(file, fromCamera)}
          onRemove={() => setPhoto(null)}
        />
        {reducing && <UploadProgress percent={null} />}
        {save.isPending && progress !== null && <UploadProgress percent={progress} />}
        <Button type="submit" className="min-h-11" loading={save.isPending} disabled={reducing}>
          Salvar Descrição
        </Button>
      </form>
    </OrderModal>
  );
}
