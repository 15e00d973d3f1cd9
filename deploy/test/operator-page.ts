/**
 * The two-instance test's browser: Debian's Chromium, headless, driven by Playwright's library (no test
 * runner), with an operator of the demo club signed in and the Fleet page open on one instance.
 *
 * What the page shows can change only through its socket: the Fleet page reads the realtime store, the HTTP
 * list of carts seeds that store once and is ignored after the socket's first list (realtime-store.ts,
 * `seedDevices`), and the page asks the socket for the whole list again only on a (re)connect or a booking
 * change (site-socket.ts, `get:site:devices`). So the page records its Socket.IO traffic, over the WebSocket
 * and over the long-polling requests before the upgrade, and `assertOnlyPushes` proves that none of that
 * happened while a check ran: a value that appeared in the DOM then came in a `device:updates` push.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { ACCOUNTS, DEMO_PASSWORD, fillLogin, mainNavigation } from '../../e2e/support/session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The demo club's admin (demo-seed.ts): holds only the demo club, so it is the site selected after login. */
const OPERATOR = ACCOUNTS.admin;
/** Signing in and loading the Fleet page on a busy 2-core machine (the instances and Chromium share it). */
const PAGE_LOAD_MS = 60_000;

/** The page's Socket.IO traffic so far: what would let it learn a cart's state other than from a push. */
interface SocketTraffic {
  /** WebSockets opened to /socket.io/ (a second one means the page reconnected). */
  websocketsOpened: number;
  websocketsClosed: number;
  /** `get:site:devices` the page sent: it asked for the whole list (on a connect or a booking change). */
  listRequests: number;
  /** `site:devices` lists the page received. */
  listsReceived: number;
  /** `device:updates` pushes the page received over the WebSocket. */
  pushesReceived: number;
}

export interface OperatorPage {
  page: Page;
  /** The cart's row in the Fleet table, by its label (car number, else serial). */
  row(label: string): Locator;
  /** Waits until the cart's row shows this signal reading (the admin sees the CSQ value, spec §6). */
  waitForSignal(label: string, csq: number, timeoutMs: number): Promise<void>;
  /** Waits until the cart's row shows this lock state (`data-state` of its lock label). */
  waitForLockState(label: string, state: 'locked' | 'unlocked', timeoutMs: number): Promise<void>;
  /** Ticks the cart in the Fleet table and sends Lock or Unlock from the Actions menu. */
  sendFromActions(label: string, action: 'lock' | 'unlock'): Promise<void>;
  /** A copy of the traffic counters, to compare after a check with `assertOnlyPushes`. */
  traffic(): SocketTraffic;
  /** Throws unless, since `before`, the page neither reconnected nor asked for the list: only pushes came. */
  assertOnlyPushes(before: SocketTraffic, what: string): void;
  close(): Promise<void>;
}

const SOCKET_IO = '/socket.io/';
/** Socket.IO packets as text (`42["event",…]`, several per long-polling body): which events they carry. */
const carries = (payload: string | Buffer, event: string) => String(payload).includes(`"${event}"`);

/**
 * Launches Chromium, signs in through the login form at `baseUrl` and opens `/fleet` there, then waits until
 * every label in `labels` has its row and the socket delivered the site's list (the room is joined).
 */
export async function openFleetPage(baseUrl: string, labels: string[]): Promise<OperatorPage> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('the instances serve apps/web/dist: build the web app first (npm run build)');
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    // Only the instance itself: map tiles and anything else from outside would only wait for a timeout here.
    const origin = new URL(baseUrl).origin;
    await context.route('**/*', (route) =>
      new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_LOAD_MS);

    const counts: SocketTraffic = {
      websocketsOpened: 0,
      websocketsClosed: 0,
      listRequests: 0,
      listsReceived: 0,
      pushesReceived: 0,
    };
    const seen = (payload: string | Buffer, direction: 'sent' | 'received') => {
      if (direction === 'sent' && carries(payload, 'get:site:devices')) counts.listRequests += 1;
      if (direction === 'received' && carries(payload, 'site:devices')) counts.listsReceived += 1;
      if (direction === 'received' && carries(payload, 'device:updates')) counts.pushesReceived += 1;
    };
    page.on('websocket', (socket) => {
      if (!socket.url().includes(SOCKET_IO)) return;
      counts.websocketsOpened += 1;
      socket.on('close', () => (counts.websocketsClosed += 1));
      socket.on('framesent', (frame) => seen(frame.payload, 'sent'));
      socket.on('framereceived', (frame) => seen(frame.payload, 'received'));
    });
    // Before the upgrade Socket.IO talks over long-polling: POSTs carry what the page sends, GETs what it gets.
    page.on('request', (request) => {
      if (request.url().includes(SOCKET_IO) && request.method() === 'POST')
        seen(request.postData() ?? '', 'sent');
    });
    page.on('response', (response) => {
      if (!response.url().includes(SOCKET_IO) || response.request().method() !== 'GET') return;
      response.text().then(
        (body) => seen(body, 'received'),
        () => undefined, // a long-poll cut by the upgrade has no body
      );
    });

    await fillLogin(page, OPERATOR, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    // The Fleet page from the app's own navigation: the socket the map page opened stays.
    await mainNavigation(page).getByRole('link', { name: 'Fleet' }).click();
    await page.waitForURL((url) => url.pathname === '/fleet');

    const row = (label: string) => page.getByTestId(`fleet-row-${label}`);
    for (const label of labels) await row(label).waitFor();
    const deadline = Date.now() + PAGE_LOAD_MS;
    while (counts.listsReceived === 0 || counts.websocketsOpened === 0) {
      if (Date.now() > deadline)
        throw new Error(`the Fleet page's socket: no list of carts (${JSON.stringify(counts)})`);
      await page.waitForTimeout(50);
    }

    return {
      page,
      row,
      async waitForSignal(label, csq, timeoutMs) {
        await row(label).getByText(`CSQ ${csq}`, { exact: true }).waitFor({ timeout: timeoutMs });
      },
      async waitForLockState(label, state, timeoutMs) {
        await page
          .locator(`[data-testid="fleet-lock-state-${label}"][data-state="${state}"]`)
          .waitFor({ timeout: timeoutMs });
      },
      async sendFromActions(label, action) {
        const tick = page.getByTestId(`fleet-select-${label}`);
        await tick.check();
        await page.getByTestId('fleet-actions').click();
        await page.getByTestId(`fleet-action-${action}`).click();
        await page.getByText('Command sent to 1 Car(s)').waitFor();
        await tick.uncheck();
      },
      traffic: () => ({ ...counts }),
      assertOnlyPushes(before, what) {
        const now = { ...counts };
        const changed =
          now.websocketsOpened !== before.websocketsOpened ||
          now.websocketsClosed !== before.websocketsClosed ||
          now.listRequests !== before.listRequests ||
          now.listsReceived !== before.listsReceived;
        if (changed)
          throw new Error(
            `${what}: the page reconnected or asked for the whole list meanwhile, so the DOM proves no push ` +
              `(before ${JSON.stringify(before)}, after ${JSON.stringify(now)})`,
          );
        if (now.pushesReceived === before.pushesReceived)
          throw new Error(`${what}: no device:updates push reached the page`);
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}
