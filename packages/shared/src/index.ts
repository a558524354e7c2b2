import { z } from 'zod';

// Validation messages in Portuguese on both sides (the API names the field; Zod says why).
z.config(z.locales.pt());

export * from './auth';
export * from './cnpj';
export * from './expenses';
export * from './format';
export * from './mail';
export * from './messages';
export * from './roles';
export * from './registers';
export * from './status';
export * from './utilities';
export * from './orders';
export * from './field';
export * from './closing';
export * from './offline';
