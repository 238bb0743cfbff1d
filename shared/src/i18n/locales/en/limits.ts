import type { Translation } from '../translation.types';

export const limits: Translation['limits'] = {
  botTokens: 'Too many bot connect links requested. Please try again in {{seconds}} s.',
  openUploads: 'You already have {{max}} unfinished uploads. Finish or cancel one of them first.',
  openUploadBytes: 'Your unfinished uploads would exceed {{mb}} MB. Finish or cancel one of them first.',
};
