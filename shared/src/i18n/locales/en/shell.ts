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
    comingSoon: 'This section is coming soon',
    administration: 'Administration',
    greeting: 'Welcome, {{name}}!',
  },
};
