/**
 * The one msw server of the jsdom tests. It starts with no handlers: each test declares the
 * API answers it relies on with `server.use(...)`, and any other request fails the test that
 * made it (setup.ts collects them and throws after the test), so a test cannot pass on a call
 * it did not expect.
 */
import { setupServer } from 'msw/node';

export const server = setupServer();
