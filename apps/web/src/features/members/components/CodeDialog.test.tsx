import type { CodeView, MemberView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { setSelectedSite } from '../../../lib/selected-site';
import { makeCart, SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { devicesQueryOptions } from '../../realtime';
import { siteQueryOptions } from '../../sites';
import { CODE_ID, makeCode, makeMember } from './code-fixtures';
import { CodeDialog } from './CodeDialog';

const CARTS = ['1', '2', '10'];
type Routes = Parameters<typeof installFetchMock>[0];

function renderDialog({
  keypad,
  member = makeMember(),
  code = null,
  routes = {},
}: {
  keypad: boolean;
  member?: MemberView;
  code?: CodeView | null;
  routes?: Routes;
}) {
  const server = installFetchMock(routes);
  const client = createQueryClient();
  client.setQueryData(siteQueryOptions(SITE_A).queryKey, makeSite({ keypadEnabled: keypad }));
  client.setQueryData(
    devicesQueryOptions(SITE_A).queryKey,
    CARTS.map((carNumber) => makeCart({ carNumber })),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <NotificationHost />
      <CodeDialog open member={member} code={code} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { server, onClose };
}

const typeSelect = () => screen.getByRole('combobox', { name: /Type/ });
const codeField = () => screen.getByRole('textbox', { name: /Unlock code/ }) as HTMLInputElement;
// hidden: the open cart menu hides the rest of the dialog from the accessibility tree.
const allCarts = () => screen.getByRole('switch', { name: 'All Carts', hidden: true }) as HTMLInputElement;
const cartSelect = () => screen.getByRole('combobox', { name: /Carts/ });
const save = () => screen.getByRole('button', { name: 'Save', hidden: true }) as HTMLButtonElement;

function chooseType(name: string) {
  fireEvent.mouseDown(typeSelect());
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}

beforeEach(() => {
  dismissAllToasts();
  setSelectedSite(SITE_A, null);
  storeTokens({ accessToken: fakeAccessToken({ role: 'user' }), refreshToken: 'refresh' });
});
afterEach(() => {
  cleanup();
  clearTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CodeDialog', () => {
  it('starts a new code with the first type the member lacks and a random 6-digit code', () => {
    renderDialog({ keypad: true, member: makeMember({ codes: [makeCode({ type: 'virtualKey' })] }) });
    expect(typeSelect().textContent).toContain('Keypad');
    expect(codeField().value).toMatch(/^[1-9]\d{5}$/);
    fireEvent.mouseDown(typeSelect());
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Keypad', 'RFID']);
  });

  it('clears the code for RFID and draws a new 6-digit code when going back', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    renderDialog({ keypad: true });
    chooseType('RFID');
    const tag = screen.getByRole('textbox', { name: /RFID tag/ }) as HTMLInputElement;
    expect(tag.value).toBe('');
    expect(save().disabled).toBe(true);
    chooseType('Keypad');
    expect(codeField().value).toBe('325000');
  });

  it('reads an RFID tag from the scan dialog: required, digits only, sent as a number', () => {
    renderDialog({ keypad: true });
    chooseType('RFID');
    fireEvent.click(screen.getByRole('button', { name: 'Scan tag' }));
    const scanInput = screen.getByRole('textbox', { name: /Tag number/ });
    const submitScan = () => fireEvent.submit(scanInput.closest('form')!);
    submitScan();
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.change(scanInput, { target: { value: '12ab' } });
    expect(screen.getByText('Numbers only')).toBeTruthy();
    // A desk reader types the tag and presses Enter, which submits the form.
    fireEvent.change(scanInput, { target: { value: '0004711' } });
    submitScan();
    const tag = screen.getByRole('textbox', { name: /RFID tag/, hidden: true }) as HTMLInputElement;
    expect(tag.value).toBe('4711');
    expect(save().disabled).toBe(false);
  });

  it('regenerates a 6-digit code', () => {
    renderDialog({ keypad: false });
    fireEvent.change(codeField(), { target: { value: '12' } });
    expect(screen.getByText('Code must be 6 digits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate a new code' }));
    expect(codeField().value).toMatch(/^[1-9]\d{5}$/);
    expect(screen.queryByText('Code must be 6 digits')).toBeNull();
  });

  it('disables Save without carts and says the item is required; Select All picks every cart', () => {
    renderDialog({ keypad: false });
    expect(save().disabled).toBe(false);
    fireEvent.click(allCarts());
    expect(allCarts().checked).toBe(false);
    expect(save().disabled).toBe(true);
    expect(screen.getByText('Item is required')).toBeTruthy();

    fireEvent.mouseDown(cartSelect());
    fireEvent.click(screen.getByRole('option', { name: 'Select All' }));
    expect(allCarts().checked).toBe(true);
    expect(save().disabled).toBe(false);
    fireEvent.click(screen.getByRole('option', { name: 'OK' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('turns All Carts off when a cart is unticked, and back on when every cart is picked again', () => {
    renderDialog({ keypad: false });
    fireEvent.mouseDown(cartSelect());
    fireEvent.click(screen.getByRole('option', { name: 'Cart 10' }));
    expect(allCarts().checked).toBe(false);
    expect(save().disabled).toBe(false);
    fireEvent.click(screen.getByRole('option', { name: 'Cart 10' }));
    expect(allCarts().checked).toBe(true);
  });

  it('offers Master Code and Expires only on sites without a keypad', () => {
    renderDialog({ keypad: true });
    expect(screen.queryByRole('switch', { name: 'Master Code' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Expires' })).toBeNull();
    cleanup();
    renderDialog({ keypad: false });
    expect(screen.getByRole('switch', { name: 'Master Code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Expires' }));
    // dd.MM.yyyy HH:mm: whole minutes on a 24-hour clock, no seconds and no AM/PM.
    const picker = screen.getByRole('group', { name: 'Expires at' });
    const sections = within(picker).getAllByRole('spinbutton');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Day',
      'Month',
      'Year',
      'Hours',
      'Minutes',
    ]);
    expect(picker.textContent).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}(?!\d)/);
  });

  it('creates the code with the picked carts and the email switch on for a member with an email', async () => {
    const { server, onClose } = renderDialog({
      keypad: false,
      routes: { 'POST /api/dashboard/codes': (call) => json(makeCode(call.body as Partial<CodeView>)) },
    });
    fireEvent.change(codeField(), { target: { value: '777888' } });
    fireEvent.mouseDown(cartSelect());
    fireEvent.click(screen.getByRole('option', { name: 'Cart 1' }));
    fireEvent.click(screen.getByRole('option', { name: 'Cart 2' }));
    fireEvent.click(screen.getByRole('option', { name: 'OK' }));
    fireEvent.click(save());

    expect(await screen.findByText('Code created')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/codes')[0]?.body).toEqual({
      driver: makeMember()._id,
      type: 'virtualKey',
      code: '777888',
      devices: ['10'],
      allDevices: false,
      enabled: true,
      sendEmail: true,
      master: false,
      expires: null,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a whole-minute expiry in the future once Expires is switched on', async () => {
    const { server } = renderDialog({
      keypad: false,
      routes: { 'POST /api/dashboard/codes': (call) => json(makeCode(call.body as Partial<CodeView>)) },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Expires' }));
    fireEvent.click(save());
    expect(await screen.findByText('Code created')).toBeTruthy();
    const { expires } = server.callsTo('POST', '/api/dashboard/codes')[0]?.body as { expires: string };
    expect(Date.parse(expires) % 60_000).toBe(0);
    expect(Date.parse(expires)).toBeGreaterThan(Date.now());
  });

  it('shows a taken code at the code field, not as a toast', async () => {
    renderDialog({
      keypad: false,
      routes: {
        'POST /api/dashboard/codes': () =>
          json({ message: 'Code already exists, please use a different code and try again.' }, 409),
      },
    });
    fireEvent.click(save());
    expect(
      await screen.findByText('Code already exists, please use a different code and try again.'),
    ).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Generate a new code' }));
    expect(save().disabled).toBe(false);
  });

  it('sends only what changed when editing, and deletes after "Delete Code?"', async () => {
    const code = makeCode({ type: 'keypad', code: '111222', allDevices: false, devices: ['1'] });
    const { server } = renderDialog({
      keypad: true,
      member: makeMember({ codes: [code] }),
      code,
      routes: {
        [`PATCH /api/dashboard/codes/${CODE_ID}`]: (call) => json({ ...code, ...(call.body as object) }),
        [`DELETE /api/dashboard/codes/${CODE_ID}`]: () => json(undefined, 204),
      },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Code Enabled' }));
    fireEvent.click(save());
    expect(await screen.findByText('Code updated')).toBeTruthy();
    expect(server.callsTo('PATCH', `/api/dashboard/codes/${CODE_ID}`)[0]?.body).toEqual({ enabled: false });
    dismissAllToasts();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete Code?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(server.callsTo('DELETE', `/api/dashboard/codes/${CODE_ID}`)).toHaveLength(1));
    expect(await screen.findByText('Code deleted')).toBeTruthy();
  });

  it('emails an existing code and shows when it was sent', async () => {
    const code = makeCode();
    const { server } = renderDialog({
      keypad: false,
      member: makeMember({ codes: [code] }),
      code,
      routes: {
        [`POST /api/dashboard/codes/${CODE_ID}/email`]: () => json({ emailSent: '2026-03-04T09:05:00.000Z' }),
      },
    });
    expect(screen.getByTestId('code-email-sent').textContent).toBe('The code has not been emailed yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Email sent to soren@example.com')).toBeTruthy();
    expect(server.callsTo('POST', `/api/dashboard/codes/${CODE_ID}/email`)).toHaveLength(1);
    expect(screen.getByTestId('code-email-sent').textContent).toMatch(/^Email last sent 04\/03\/2026/);
  });
});
