import type { Translation } from '../translation.types';

/** The staff app without a connection to the server (issue 34): the banner and the empty states. */
export const offline: Translation['offline'] = {
  banner: 'No connection since {{since}}. Data as of {{asOf}}.',
  bannerNoData: 'No connection since {{since}}. No saved data.',
  backOnline: 'Back online',
  retry: 'Check now',
  notLoaded: 'Not loaded while online',
  notLoadedHint:
    'This was not opened while the connection was up. It appears as soon as the server can be reached.',
};
