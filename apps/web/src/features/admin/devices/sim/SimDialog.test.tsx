import type { AdminDeviceView, SimCardView, SimResetProgress } from '@fairway/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '../../../../lib/socket';
import { makeCart, SITE_B } from '../../../../test/carts';
import type { FakeSocket } from '../../../../test/fake-socket';
import { installFetchMock, json } from '../../../../test/fetch-mock';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../../test/operator-session';
import { SimDialog } from './SimDialog';

const sockets: FakeSocket[] = [];
vi.mock('../../../../lib/socket', async (importOriginal) => {
  const { FakeSocket } = await import('../../../../test/fake-socket');
  return {
    ...(await importOriginal<typeof SocketModule>()),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket.asSocket();
    },
  };
});

function makeAdminDevice(overrides: Partial<AdminDeviceView> = {}): AdminDeviceView {
  return {
    ...makeCart({ carNumber: '12', siteID: SITE_B }),
    siteName: 'Second Club',
    carSerialNumber: 'FW-0012',
    firmwareStatus: 0,
    firmwareTarget: null,
    gprsCcid: '8944500000000000012',
    gprsCarrier: 'Emnify',
    simEndpointId: null,
    batteryCalibration: 75,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const UNREGISTERED: SimCardView = {
  registered: false,
  endpointId: null,
  endpointStatus: null,
  simStatus: null,
  connectivity: null,
  iccid: '8944500000000000012',
  carrier: 'Emnify',
};
const REGISTERED: SimCardView = {
  registered: true,
  endpointId: 'ep-77',
  endpointStatus: 0,
  simStatus: 1,
  connectivity: 'ONLINE',
  iccid: '8944500000000000012',
  carrier: 'Emnify',
};

function openSim(device: AdminDeviceView, routes: Parameters<typeof installFetchMock>[0]) {
  const server = installFetchMock(routes);
  const onClose = vi.fn();
  renderAsOperator(<SimDialog device={device} onClose={onClose} />, 'superadmin');
  return { server, onClose };
}

const simPath = (device: AdminDeviceView) => `/api/admin/devices/${device._id}/sim`;
const dialog = () => screen.findByRole('dialog', { name: 'SIM card · Car 12' });
const confirmIn = async (title: string) => {
  const confirm = within(await screen.findByRole('dialog', { name: title }));
  fireEvent.click(confirm.getByTestId('confirm-dialog-confirm'));
};

resetOperatorSessionAroundEachTest();

describe('SimDialog', () => {
  it.each([
    ['ONLINE', 'Success'],
    ['ATTACHED', 'Info'],
    ['OFFLINE', 'Default'],
    ['BLOCKED', 'Error'],
  ] as const)(
    'shows a registered SIM with connectivity %s as a %s chip, its statuses, ICCID and carrier',
    async (connectivity, colour) => {
      const device = makeAdminDevice({ simEndpointId: 'ep-77' });
      openSim(device, { [`GET ${simPath(device)}`]: () => json({ ...REGISTERED, connectivity }) });
      const sim = within(await dialog());
      const chip = await sim.findByTestId('sim-connectivity');
      expect(chip.dataset.connectivity).toBe(connectivity);
      expect(chip.className).toContain(`MuiChip-color${colour}`);
      expect(sim.getByTestId('sim-registered').textContent).toBe('Registered');
      expect(sim.getByRole('definition', { name: 'ICCID' }).textContent).toBe('8944500000000000012');
      expect(sim.getByRole('definition', { name: 'Carrier' }).textContent).toBe('Emnify');
      expect(sim.getByRole('definition', { name: 'Endpoint' }).textContent).toBe('ep-77');
      expect(sim.getByRole('definition', { name: 'Endpoint status' }).textContent).toBe('Enabled');
      expect(sim.getByRole('definition', { name: 'SIM status' }).textContent).toBe('Active');
      expect((sim.getByTestId('sim-enabled') as HTMLInputElement).checked).toBe(true);
    },
  );

  it('shows the loading state, then an unregistered SIM with the ICCID the tracker reported', async () => {
    const device = makeAdminDevice();
    let answer: (response: Response) => void = () => {};
    openSim(device, {
      [`GET ${simPath(device)}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const sim = within(await dialog());
    expect(sim.getByLabelText('Loading the SIM card')).toBeTruthy();
    answer(json({ ...UNREGISTERED, iccid: null, carrier: null }));
    expect((await sim.findByTestId('sim-registered')).textContent).toBe('Not registered');
    expect(sim.queryByTestId('sim-connectivity')).toBeNull();
    expect(sim.getByRole('definition', { name: 'ICCID' }).textContent).toBe('8944500000000000012');
    expect(sim.queryByTestId('sim-reset')).toBeNull();
  });

  it("registers an unregistered SIM after 'Register SIM?'", async () => {
    const device = makeAdminDevice();
    const { server } = openSim(device, {
      [`GET ${simPath(device)}`]: () => json(UNREGISTERED),
      [`POST ${simPath(device)}`]: () => json(REGISTERED),
    });
    const sim = within(await dialog());
    expect((await sim.findByTestId('sim-registered')).textContent).toBe('Not registered');
    fireEvent.click(sim.getByTestId('sim-register'));
    expect(server.callsTo('POST', simPath(device))).toHaveLength(0);
    await confirmIn('Register SIM?');
    expect(await screen.findByText('SIM registered')).toBeTruthy();
    expect(server.callsTo('POST', simPath(device))).toHaveLength(1);
    expect((await sim.findByTestId('sim-registered')).textContent).toBe('Registered');
  });

  it("says 'SIM Card not found' and that no CCID was reported when the server refuses a registration", async () => {
    const device = makeAdminDevice();
    let refusal = json({ message: 'SIM Card not found' }, 404);
    openSim(device, {
      [`GET ${simPath(device)}`]: () => json(UNREGISTERED),
      [`POST ${simPath(device)}`]: () => refusal,
    });
    const sim = within(await dialog());
    fireEvent.click(await sim.findByTestId('sim-register'));
    await confirmIn('Register SIM?');
    expect(await sim.findByText('SIM Card not found')).toBeTruthy();

    refusal = json(
      { message: 'This tracker has not reported its SIM card (CCID) yet; register it once it is online' },
      400,
    );
    fireEvent.click(sim.getByTestId('sim-register'));
    await confirmIn('Register SIM?');
    expect(
      await sim.findByText(
        'This tracker has not reported its SIM card (CCID) yet; register it once it is online',
      ),
    ).toBeTruthy();
  });

  it("de-registers after 'De-Register SIM?' and disables after 'Update SIM?'", async () => {
    const device = makeAdminDevice({ simEndpointId: 'ep-77' });
    const { server } = openSim(device, {
      [`GET ${simPath(device)}`]: () => json(REGISTERED),
      [`PATCH ${simPath(device)}`]: () => json({ ...REGISTERED, endpointStatus: 1, simStatus: 2 }),
      [`DELETE ${simPath(device)}`]: () => json(UNREGISTERED),
    });
    const sim = within(await dialog());
    fireEvent.click(await sim.findByTestId('sim-enabled'));
    await confirmIn('Update SIM?');
    expect(await screen.findByText('SIM Updated')).toBeTruthy();
    expect(server.callsTo('PATCH', simPath(device))[0]!.body).toEqual({ enabled: false });
    await waitFor(() =>
      expect(sim.getByRole('definition', { name: 'SIM status' }).textContent).toBe('Suspended'),
    );
    expect((sim.getByTestId('sim-enabled') as HTMLInputElement).checked).toBe(false);

    fireEvent.click(sim.getByTestId('sim-deregister'));
    await confirmIn('De-Register SIM?');
    expect(await screen.findByText('SIM de-registered')).toBeTruthy();
    expect(server.callsTo('DELETE', simPath(device))).toHaveLength(1);
    expect((await sim.findByTestId('sim-registered')).textContent).toBe('Not registered');
  });

  it('says when the SIM provider is away (503) or refuses (409)', async () => {
    const device = makeAdminDevice({ simEndpointId: 'ep-77' });
    let away = true;
    openSim(device, {
      [`GET ${simPath(device)}`]: () =>
        away
          ? json({ message: 'SIM provider timed out', code: 'simProviderUnavailable' }, 503)
          : json(REGISTERED),
      [`PATCH ${simPath(device)}`]: () =>
        json({ message: 'SIM provider: endpoint locked', code: 'simProviderRefused' }, 409),
    });
    const sim = within(await dialog());
    expect(await sim.findByText('The SIM provider is not available')).toBeTruthy();
    expect(sim.getByText('SIM provider timed out')).toBeTruthy();
    away = false;
    fireEvent.click(sim.getByRole('button', { name: 'Retry' }));
    fireEvent.click(await sim.findByTestId('sim-enabled'));
    await confirmIn('Update SIM?');
    expect(await sim.findByText('The SIM provider refused: endpoint locked')).toBeTruthy();
  });

  it("resets the SIM and follows the four steps from the site room's sim:reset events", async () => {
    sockets.length = 0;
    const device = makeAdminDevice({ simEndpointId: 'ep-77' });
    const progress = (step: number, state: SimResetProgress['state'] = 'running'): SimResetProgress => ({
      deviceId: device._id,
      step,
      steps: 4,
      state,
      error: null,
      startedAt: '2026-11-26T10:00:00.000Z',
    });
    const { server } = openSim(device, {
      [`GET ${simPath(device)}`]: () => json(REGISTERED),
      [`GET ${simPath(device)}/reset`]: () => json({ message: 'No SIM reset of this tracker yet' }, 404),
      [`POST ${simPath(device)}/reset`]: () => json(progress(0), 202),
    });
    const sim = within(await dialog());
    fireEvent.click(await sim.findByTestId('sim-reset'));
    await confirmIn('Reset SIM?');
    const view = await sim.findByTestId('sim-reset-progress');
    expect(server.callsTo('POST', `${simPath(device)}/reset`)).toHaveLength(1);
    expect(view.dataset.step).toBe('0');

    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.connectCalls).toBe(1);
    act(() => socket.receive('connect'));
    expect(socket.emitted.find((entry) => entry.event === 'join:site')?.args[0]).toBe(SITE_B);

    for (const step of [1, 2, 3]) {
      act(() => socket.receive('sim:reset', progress(step)));
      await waitFor(() => expect(sim.getByTestId('sim-reset-progress').dataset.step).toBe(String(step)));
    }
    // Another tracker's reset in the same room is not this one's.
    act(() => socket.receive('sim:reset', { ...progress(4, 'failed'), deviceId: 'someone-else' }));
    expect(sim.getByTestId('sim-reset-progress').dataset.state).toBe('running');

    act(() => socket.receive('sim:reset', progress(4, 'done')));
    expect(await screen.findAllByText('SIM Reset')).not.toHaveLength(0);
    expect(sim.getByTestId('sim-reset-progress').dataset.state).toBe('done');
    // Done: the socket is let go and the SIM read again.
    await waitFor(() => expect(socket.connected).toBe(false));
    await waitFor(() => expect(server.callsTo('GET', simPath(device)).length).toBeGreaterThanOrEqual(2));
  });

  it('shows a failed reset with the reason, and asks over HTTP when the socket stays silent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const device = makeAdminDevice({ simEndpointId: 'ep-77' });
      const startedAt = '2026-11-26T10:00:00.000Z';
      let polled: SimResetProgress = {
        deviceId: device._id,
        step: 0,
        steps: 4,
        state: 'running',
        error: null,
        startedAt,
      };
      let started = false;
      const { server } = openSim(device, {
        [`GET ${simPath(device)}`]: () => json(REGISTERED),
        [`GET ${simPath(device)}/reset`]: () =>
          started ? json(polled) : json({ message: 'No SIM reset of this tracker yet' }, 404),
        [`POST ${simPath(device)}/reset`]: () => {
          started = true;
          return json(polled, 202);
        },
      });
      const sim = within(await dialog());
      fireEvent.click(await sim.findByTestId('sim-reset'));
      await confirmIn('Reset SIM?');
      await sim.findByTestId('sim-reset-progress');

      polled = { ...polled, step: 2, state: 'failed', error: 'Provider timed out' };
      await act(() => vi.advanceTimersByTimeAsync(7_000));
      await waitFor(() => expect(sim.getByTestId('sim-reset-progress').dataset.state).toBe('failed'));
      expect(sim.getByText(/The reset stopped at step 3\. Provider timed out/)).toBeTruthy();
      expect(await screen.findByText('The SIM reset failed')).toBeTruthy();
      expect(server.callsTo('GET', `${simPath(device)}/reset`).length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
