/** The routes of the home page (the admin's `/` shows it too): where the boot script, the sign-in form and home's first draw start its summary. */
export const HOME_PATHS: readonly string[] = ['/', '/home'];
