/** Texts of the client shells (sign-in pages, navigation shell). */
export const ui = {
  auth: {
    loginSubtitle: 'Sign in to see your study schedule',
    staffLoginSubtitle: 'Workspace for teachers and staff',
    resetSubtitle: 'Choose a new password',
  },
  shell: {
    signedInAs: 'Signed in as',
    children: 'Children',
    noChildren: 'No children yet',
    administration: 'Administration',
    greeting: 'Welcome, {{name}}!',
  },
  settings: {
    passwordTitle: 'Change password',
    passwordHint: 'The password must be at least {{min}} characters long.',
    languageTitle: 'Interface language',
    languageHint: 'The same as the language switch in the top bar.',
    messengersTitle: 'Telegram and Viber',
  },
  profile: {
    manager: 'Manager',
    sex: 'Sex',
    birthdate: 'Birthdate',
    languages: 'Languages',
    classes: 'Classes',
    teachingFormats: 'Teaching formats',
    teachingStyles: 'Teaching styles',
    studyTypes: 'Study types',
    programs: 'Programs',
    notes: 'Notes',
    sexes: { unknown: 'Unknown', male: 'Male', female: 'Female' },
    loadFailed: 'The profile could not be loaded.',
    notTeacher: 'Only teachers have a profile.',
  },
};
