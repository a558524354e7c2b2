import { Fragment } from 'react';

/**
 * An e-mail address that wraps only before '@' and after a '.', never in the middle of a word
 * (docs/rules.md#daily-use).
 */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="break-normal" data-email={email}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
