import { useTheme } from '@mui/material/styles';
import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, installFetchMock, json } from '../../test/fetch-mock';
import { guestRequest, isAbort } from '../api/http';
import { linkProps } from '../router/navigation';
import { DEVICE, makeGuestCart } from '../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../test/render';
import { Alert } from './Alert';
import { Button } from './Button';
import { lazyWithTheme } from './lazy-with-theme';
// The file as the browser gets it (Vite copies public/ as is).
import earlyScript from '../../../public/ride-early.js?raw';

// Issue 22 item 6: the first screens draw with plain elements (ride.css); MUI and its theme come with the
// later pages and dialogs.
resetRideAroundEachTest();

describe("the first screen's plain controls", () => {
  it('a button that navigates is a link within the app; one that acts is a button', () => {
    const onClick = vi.fn();
    render(
      <>
        <Button variant="contained" size="large" fullWidth {...linkProps('/ride/x/prices')}>
          Choose a price
        </Button>
        <Button variant="outlined" onClick={onClick}>
          Have a code?
        </Button>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Choose a price' });
    expect(link.getAttribute('href')).toBe('/ride/x/prices');
    expect(link.className).toBe('rd-button rd-button--contained rd-button--large rd-button--full');
    fireEvent.click(link);
    expect(currentUrl()).toBe('/ride/x/prices');

    const button = screen.getByRole('button', { name: 'Have a code?' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('rd-button rd-button--outlined');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('an error is announced as an alert, an information keeps the role it is given', () => {
    render(
      <>
        <Alert severity="error">No connection</Alert>
        <Alert severity="info" role="note">
          Payments are off
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('No connection');
    expect(screen.getByRole('note').textContent).toBe('Payments are off');
    // The icons are decoration: the text says it all.
    expect(document.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2);
  });
});

describe('later pages and dialogs', () => {
  it('load with the ride theme around them, and get their props', async () => {
    function Probe({ label }: { label: string }) {
      const theme = useTheme();
      return (
        <p>
          {label}: {theme.palette.primary.main}
        </p>
      );
    }
    const Lazy = lazyWithTheme(async () => ({ default: Probe }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy label="primary" />
      </Suspense>,
    );
    // MUI's default primary is #1976d2: the ride theme's course green shows the provider is there.
    expect((await screen.findByText(/^primary:/)).textContent).toBe('primary: #2e6b3a');
  });

  it("the cart page's code dialog opens in MUI's ride theme from the plain page", async () => {
    installFetchMock({ [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()) });
    renderRideAt(`/ride/${DEVICE}`);
    const haveCode = await screen.findByRole('button', { name: 'Have a code?' });
    expect(document.querySelector('[class*="Mui"]')).toBeNull();
    fireEvent.click(haveCode);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest('.MuiDialog-root')).toBeTruthy();
    expect(screen.getByRole('textbox')).toBeTruthy();
  });
});

describe("the page's first answer, asked for before the app's code runs (public/ride-early.js)", () => {
  const runEarlyScript = () => new Function(earlyScript)() as void;
  const early = () => (window as Window & { fairwayEarly?: Record<string, unknown> }).fairwayEarly;
  afterEach(() => {
    delete (window as Window & { fairwayEarly?: unknown }).fairwayEarly;
  });

  it("asks for a cart's page's cart and a portal's club, and nothing on other pages", () => {
    const server = installFetchMock({});
    for (const path of ['/ride/a%20b', '/guest/site/s1/', '/ride/a/prices', '/guest/booking/b1', '/']) {
      window.history.replaceState(null, '', path);
      runEarlyScript();
    }
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/guest/devices/a%20b',
      '/api/guest/sites/s1',
    ]);
    expect(server.calls[0]!.headers).toEqual({ Accept: 'application/json' });
  });

  it('the cart page takes the early answer once instead of asking again', async () => {
    window.history.replaceState(null, '', `/ride/${DEVICE}`);
    const server = installFetchMock({ [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()) });
    runEarlyScript();
    expect(Object.keys(early() ?? {})).toEqual([`/devices/${DEVICE}`]);
    renderRideAt(`/ride/${DEVICE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart 7' })).toBeTruthy();
    expect(server.callsTo('GET', `/api/guest/devices/${DEVICE}`)).toHaveLength(1);
    expect(early()).toEqual({});
    // Taken: the next ask is a request of its own.
    await guestRequest('GET', `/devices/${DEVICE}`);
    expect(server.callsTo('GET', `/api/guest/devices/${DEVICE}`)).toHaveLength(2);
  });

  it('a caller that gives up does not wait for the early answer', async () => {
    const held = deferred<Response>();
    (window as Window & { fairwayEarly?: unknown }).fairwayEarly = { '/sites/s1': held.promise };
    const controller = new AbortController();
    const request = guestRequest('GET', '/sites/s1', { signal: controller.signal });
    controller.abort();
    expect(isAbort(await request.catch((error: unknown) => error))).toBe(true);
    held.resolve(json({}));
  });

  it('an early answer that failed is reported as any failed request', async () => {
    (window as Window & { fairwayEarly?: unknown }).fairwayEarly = {
      '/sites/s1': Promise.resolve(json({ message: 'Not found' }, 404)),
    };
    await expect(guestRequest('GET', '/sites/s1')).rejects.toMatchObject({ status: 404 });
  });
});
