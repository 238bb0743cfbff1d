import type { Translation } from '../translation.types';

export const calendar: Translation['calendar'] = {
  selectUser: 'Select user from the dropdown list above to load the schedule.',
  numberOfHours: 'Number of hours',
  timeReserved: 'Time Reserved',
  transferMode: 'Transfer mode',
  markers: { last: 'Last!', trial: 'Trial!', one: 'One!' },
};

export const recordings: Translation['recordings'] = {
  file_duplicate: 'A file with this name has already been added.',
  file_too_large: 'The file is too large. Maximum size is {{maxSize}}.',
  file_must_be_video: 'The file must be a video.',
  file_not_selected: 'File not selected',
  saved: 'Recordings saved successfully',
  miss_status_blocked: 'Cannot upload recording when miss status is set',
  user_not_allowed:
    'Only an Administrator, a Manager or a Teacher of this study may upload, replace or remove recordings.',
  invalid_metadata: 'The recordings list was sent with an error. Reload the page and try again.',
  too_short: 'The video is too short: at least {{seconds}} s.',
  archived_read_only: 'An archived recording is read only.',
  list_changed: 'The recordings of this study have just changed. Reload the list and save again.',
  upload_not_found: 'The upload was not found or has expired. Choose the file again.',
  upload_incomplete: 'The file has not been uploaded completely yet.',
  probe_failed: 'The server could not check the video. Please try again later.',
};

export const reports: Translation['reports'] = {
  miss_status_blocked: 'Cannot write report when miss status is set',
};

export const missStatus: Translation['missStatus'] = {
  0: 'None',
  1: "Student didn't show up",
  2: 'Billed Miss',
  billedMissLocksDate: 'Cannot change date when miss status is set to "Billed Miss"',
};

export const transfer: Translation['transfer'] = {
  too_late: 'Study can be transferred only no less than one day before the start.',
  not_allowed: 'This study cannot be transferred.',
  slot_unavailable: 'The chosen time is not available.',
};

export const notify: Translation['notify'] = {
  send: 'Notify',
  success: {
    toastTitle: 'Notification sent',
    toastMessage: 'The student will receive a message in the messenger.',
  },
  failed: 'The message could not be sent.',
};
