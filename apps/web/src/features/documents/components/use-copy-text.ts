import { useEffect, useRef, useState } from 'react';

/** docs/rules.md#constants: the copy confirmation lasts 2 s. */
const COPY_CONFIRMATION_MS = 2000;

/** 'Copiar': the text to the clipboard, `copied` true for 2 s after; `onFail` when the browser refuses. */
export function useCopyText(onFail: () => void) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      onFail();
    }
  };
  return { copied, copy };
}
