import { useState } from 'react';
import { useMessage } from '../components/ui/message-dialog';
import { reducePhoto } from './photo';

/**
 * A photo chosen or taken in a form: reduced as soon as it comes (docs/rules.md#daily-use), so what is
 * kept offline and sent is the light one. `reduce` answers the reduced file, or null after the 'Erro!'
 * dialog said why not (not an image, still too large); `reducing` is true meanwhile.
 */
export function usePhotoChoice({ maxBytes, notImage, tooLarge }: { maxBytes: number; notImage: string; tooLarge: string }) {
  const message = useMessage();
  const [reducing, setReducing] = useState(false);
  const reduce = async (chosen: File | null | undefined): Promise<File | null> => {
    if (!chosen) return null;
    if (!chosen.type.startsWith('image/')) {
      void message.error(notImage);
      return null;
    }
    setReducing(true);
    const file = await reducePhoto(chosen).finally(() => setReducing(false));
    if (file.size > maxBytes) {
      void message.error(tooLarge);
      return null;
    }
    return file;
  };
  return { reduce, reducing };
}
