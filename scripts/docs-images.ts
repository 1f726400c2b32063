/**
 * Takes the README's two screenshots (`npm run docs:images`): the product list as the super admin and
 * the home page as the demo seller, on a fresh demo server (the built admin, rebuilt when stale as the
 * browser tests do), 1366×768, English. Writes docs/images/product-list.png and docs/images/home.png.
 */
import { join } from 'node:path';
import setup from '../tests/e2e/global-setup';
import { launchBrowser, signIn, startServer } from '../tests/e2e/harness';
import type { Credentials } from '../tests/helpers/accounts';
import { DEMO } from '../tests/helpers/accounts';

const out = join(import.meta.dirname, '..', 'docs', 'images');
const VIEWPORT = { width: 1366, height: 768 };

const main = async () => {
  await setup();
  const [server, browser] = await Promise.all([startServer({ DEMO_CONTENT: 'true' }), launchBrowser()]);
  try {
    const shoot = async (user: Credentials, path: string, ready: string, file: string) => {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'en-US' });
      try {
        const page = await context.newPage();
        await signIn(page, user);
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        // The images in the rows load after the rows; a shot without them looks broken.
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, file) });
        console.info(`wrote docs/images/${file}`);
      } finally {
        await context.close();
      }
    };
    await shoot(DEMO.admin, '/pms/product', '#main-content tbody tr', 'product-list.png');
    await shoot(DEMO.seller, '/home', '#main-content h1, #main-content h2, #main-content h6', 'home.png');
  } finally {
    await browser.close();
    await server.stop();
  }
};

await main();
