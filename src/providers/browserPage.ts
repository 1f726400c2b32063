/**
 * Full page loads the admin asks for (logout and the language switch reload the page).
 * Kept behind one object so tests can stub them: jsdom implements neither, and `location.reload`
 * cannot be spied on there.
 */
export const browserPage = {
  reload: (): void => window.location.reload(),
  /** Leaves the single-page app for `path` (a fresh load, so no in-memory session survives). */
  load: (path: string): void => window.location.assign(path),
};
