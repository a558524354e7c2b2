import { formatWhatsapp } from '@os/shared';
import { type FormEvent, type ReactNode, useState } from 'react';

/** A WhatsApp number and its consent as they are saved (docs/rules.md#whatsapp). */
export interface WhatsappConsent {
  whatsapp: string | null;
  aceitaWhatsapp: boolean;
}

/**
 * A number and its consent edited together, for the portal's contact and for each staff member: the number as
 * typed, the box, the server's refusal to show, and the form's submit (`save` says what it saved).
 */
export function useWhatsappConsent(saved: WhatsappConsent, save: (value: WhatsappConsent) => Promise<void>) {
  const [whatsapp, setWhatsapp] = useState(formatWhatsapp(saved.whatsapp));
  const [aceita, setAceita] = useState(saved.aceitaWhatsapp);
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    try {
      await save({ whatsapp: whatsapp || null, aceitaWhatsapp: aceita });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  return { whatsapp, setWhatsapp, aceita, setAceita, error, onSubmit };
}

/** The consent's box, its text beside it. */
export function ConsentBox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4" />
      {children}
    </label>
  );
}
