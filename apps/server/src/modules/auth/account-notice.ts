import { formatDateTime } from '@os/shared';
import type { Mailer } from '../../platform/mail';

/** docs/rules.md#accounts: the subject of the notice sent after a password or login change. */
export const ACCOUNT_CHANGED_SUBJECT = 'Sua senha foi alterada';

export interface AccountChange {
  to: string;
  nome: string;
  /** The new login, when it changed. */
  login?: string;
  passwordChanged: boolean;
  appUrl: string;
  at?: Date;
}

/** The notice's text: what changed, when (company clock), and what to do when it was not them. */
export function accountChangedText(change: AccountChange): string {
  const [day, time] = formatDateTime(change.at ?? new Date()).split(' ');
  const what =
    change.passwordChanged && change.login
      ? `A senha e o login da sua conta foram alterados em ${day} às ${time} (horário de Brasília). Seu login agora é: ${change.login}.`
      : change.login
        ? `O login da sua conta foi alterado em ${day} às ${time} (horário de Brasília). Seu login agora é: ${change.login}.`
        : `A senha da sua conta foi alterada em ${day} às ${time} (horário de Brasília).`;
  const esqueci = `${change.appUrl.replace(/\/+$/, '')}/esqueci`;
  return `Olá, ${change.nome}.\n\n${what}\n\nSe foi você, não é preciso fazer nada.\n\nSe não foi você, alguém pode ter acesso à sua conta: cadastre agora uma nova senha em ${esqueci} e avise o administrador do sistema.`;
}

/** Sends the notice without holding the answer; a failed send is logged (never the message's links). */
export function sendAccountChanged(
  mailer: Mailer,
  change: AccountChange,
  log?: { error(obj: object, msg: string): void },
): Promise<void> {
  return mailer.send({ to: change.to, subject: ACCOUNT_CHANGED_SUBJECT, text: accountChangedText(change) }).then((result) => {
    if (!result.ok) log?.error({ reason: result.error }, 'account-change notice not delivered');
  });
}
