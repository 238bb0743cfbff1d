import type { Translation } from '../translation.types';

export const desktopShell: Translation['desktopShell'] = {
  openInNewWindow: 'Open in new window',
  firstRun: {
    title: 'School server address',
    hint: 'Enter the address your school administrator gave you. It is remembered, so next time the app opens straight away.',
    label: 'Server address',
    save: 'Save and continue',
    invalid: 'Enter an address starting with http:// or https://',
  },
};
