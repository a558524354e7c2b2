import { useEffect, useState } from 'react';

/** A blob: URL showing the chosen file (an image preview), revoked when the file changes or the screen goes; null without a file. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
