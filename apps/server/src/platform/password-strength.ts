import { PASSWORD_MIN, PASSWORD_WEAK, passwordLooksLikeLogin } from '@os/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';
import { badRequest } from './errors';

/**
 * The common-password estimator (zxcvbn-ts, with its common-password list and the Portuguese
 * dictionaries: words, first and last names), built at first use: loading the lists takes a moment.
 */
let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

/**
 * Score 0-4 (zxcvbn's: under 10^3, 10^6, 10^8, 10^10 guesses, or more). Below 2 (fewer than a million
 * guesses, as '12345678', 'password', 'senha123', 'flamengo', a name with digits) is too easy.
 */
export const MIN_SCORE = 2;

/** Whether a password is weak (docs/rules.md#accounts): short, like the login or the name, or common. */
export function isWeakPassword(password: string, who: { username?: string; nome?: string }): boolean {
  if (password.length < PASSWORD_MIN) return true;
  if (passwordLooksLikeLogin(password, who)) return true;
  const userInputs = [who.username, who.nome, ...(who.nome ?? '').split(/\s+/)].filter((s): s is string => !!s);
  return zxcvbn().check(password, userInputs).score < MIN_SCORE;
}

/** 400 'Senha fraca: ...' on `field` when the password is weak; nothing is changed. */
export function assertStrongPassword(password: string, who: { username?: string; nome?: string }, field: string): void {
  if (isWeakPassword(password, who)) throw badRequest(PASSWORD_WEAK, field);
}
