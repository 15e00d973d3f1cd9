import { PRICE_OVERLAP_MESSAGE, priceAmountIssue, type ServiceBody, type ServiceView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { setSelectedSite } from '../../../lib/selected-site';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { JUNIORS, makePrice, makeService, SENIORS } from '../testing/fixtures';
import { ServiceDialog } from './ServiceDialog';

const SERVICES_PATH = '/api/dashboard/services';
type Routes = Parameters<typeof installFetchMock>[0];

function renderDialog({
  service = null,
  routes = {},
}: { service?: ServiceView | null; routes?: Routes } = {}) {
  const server = installFetchMock({
    'GET /api/dashboard/sites/user-groups': () => json([SENIORS, JUNIORS]),
    [`GET ${SERVICES_PATH}`]: () => json([]),
    ...routes,
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <ServiceDialog open siteId={SITE_A} currency="EUR" service={service} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { server, onClose };
}

/**
 * Found through their headings, which name them (aria-labelledby), rather than by role: role queries walk
 * the whole page and are slow over a dialog this size.
 */
const dialog = () =>
  within(screen.getByText(/^(Add|Edit) service$/).closest<HTMLElement>('[role="dialog"]')!);
const price = (number: number) =>
  within(screen.getByText(`Price ${number}`).closest<HTMLElement>('[role="group"]')!);
const save = () => dialog().getByRole('button', { name: 'Save', hidden: true }) as HTMLButtonElement;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
// By label rather than by role: role queries are slow over a dialog this size, and the label is the name.
const textbox = (scope: ReturnType<typeof within>, label: RegExp) =>
  scope.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
const chooseGroup = (number: number, group: string) =>
  choose(price(number).getByRole('combobox', { name: /User group/, hidden: true }), group);

async function groupsLoaded() {
  await waitFor(() =>
    expect(
      dialog()
        .getAllByRole('combobox', { name: /User group/, hidden: true })[0]!
        .getAttribute('aria-disabled'),
    ).not.toBe('true'),
  );
}

beforeEach(() => {
  dismissAllToasts();
  setSelectedSite(SITE_A, null);
  storeTokens({ accessToken: fakeAccessToken({ role: 'user' }), refreshToken: 'refresh' });
});
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

// Generous: a dialog of MUI fields and time pickers renders slowly in jsdom.
describe('ServiceDialog', { timeout: 20_000 }, () => {
  it('adds a service with prices for two user groups: minor units, group ids, no temp ids', async () => {
    const { server, onClose } = renderDialog({
      routes: {
        [`POST ${SERVICES_PATH}`]: (call) =>
          json({ ...makeService(), ...(call.body as object), prices: [] }, 201),
      },
    });
    expect(textbox(dialog(), /^Duration/).value).toBe('06:00');
    type(textbox(dialog(), /^Name/), 'Nine holes');
    type(textbox(dialog(), /^Duration/), '0200');
    expect(textbox(dialog(), /^Duration/).value).toBe('02:00');

    fireEvent.click(dialog().getByRole('button', { name: 'Add price' }));
    await groupsLoaded();
    expect(textbox(price(1), /^Price name/).value).toBe('Guest');
    chooseGroup(1, 'Seniors');
    // The name follows the group while the operator has not typed one.
    expect(textbox(price(1), /^Price name/).value).toBe('Seniors');
    type(textbox(price(1), /^Amount/), '12,5');

    fireEvent.click(dialog().getByRole('button', { name: 'Add price', hidden: true }));
    type(textbox(price(2), /^Price name/), 'Junior rate');
    chooseGroup(2, 'Juniors');
    expect(textbox(price(2), /^Price name/).value).toBe('Junior rate');
    type(textbox(price(2), /^Amount/), '0');
    type(textbox(price(2), /^Credits/), '2');

    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(await screen.findByText('Service added')).toBeTruthy();
    expect(server.callsTo('POST', SERVICES_PATH).map((call) => call.body)).toEqual([
      {
        name: 'Nine holes',
        duration: 120,
        prices: [
          {
            name: 'Seniors',
            amount: 1250,
            credits: null,
            description: '',
            userGroup: SENIORS._id,
            availableTimes: [],
          },
          {
            name: 'Junior rate',
            amount: 0,
            credits: 2,
            description: '',
            userGroup: JUNIORS._id,
            availableTimes: [],
          },
        ],
      },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('edits a service: saved prices keep their _id, a removed one is left out, a new one has none', async () => {
    const guest = makePrice({ name: 'Green fee', amount: 2500 });
    const seniors = makePrice({
      name: 'Seniors',
      amount: 1500,
      userGroup: SENIORS._id,
      userGroupName: 'Seniors',
    });
    const juniors = makePrice({
      name: 'Juniors',
      amount: 1000,
      userGroup: JUNIORS._id,
      userGroupName: 'Juniors',
    });
    const service = makeService({ name: '18 holes', duration: 240, prices: [guest, seniors, juniors] });
    const path = `${SERVICES_PATH}/${service._id}`;
    const { server } = renderDialog({
      service,
      routes: { [`PATCH ${path}`]: () => json(service) },
    });
    await groupsLoaded();
    expect(textbox(price(1), /^Amount/).value).toBe('25.00');
    type(textbox(price(1), /^Amount/), '30');
    fireEvent.click(dialog().getByRole('button', { name: 'Remove price 3' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Add price' }));
    // The removed price's group is the one without a price now, so the new price is for it.
    expect(textbox(price(3), /^Price name/).value).toBe('Juniors');
    fireEvent.click(price(3).getByRole('button', { name: 'Add time' }));
    // A window can end at midnight, which a time picker cannot say.
    fireEvent.click(price(3).getByRole('checkbox', { name: 'Until end of day' }));
    expect(textbox(price(3), /^End/).value).toBe('24:00');
    type(textbox(price(3), /^Amount/), '5');

    fireEvent.click(save());
    expect(await screen.findByText('Service updated')).toBeTruthy();
    expect(server.callsTo('PATCH', path).map((call) => call.body)).toEqual([
      {
        name: '18 holes',
        duration: 240,
        prices: [
          {
            _id: guest._id,
            name: 'Green fee',
            amount: 3000,
            credits: null,
            description: '',
            userGroup: null,
            availableTimes: [],
          },
          {
            _id: seniors._id,
            name: 'Seniors',
            amount: 1500,
            credits: null,
            description: '',
            userGroup: SENIORS._id,
            availableTimes: [],
          },
          {
            name: 'Juniors',
            amount: 500,
            credits: null,
            description: '',
            userGroup: JUNIORS._id,
            availableTimes: [{ day: 1, start: '06:00', end: '24:00' }],
          },
        ],
      },
    ]);
  });

  it('refuses an amount below the currency minimum (except 0) with the message, keeping Save off', async () => {
    const { server } = renderDialog({
      routes: { [`POST ${SERVICES_PATH}`]: () => json(makeService(), 201) },
    });
    type(textbox(dialog(), /^Name/), 'Nine holes');
    fireEvent.click(dialog().getByRole('button', { name: 'Add price' }));
    expect(price(1).getByText('Minimum 5.00 EUR, or 0 for free')).toBeTruthy();

    type(textbox(price(1), /^Amount/), '4,99');
    expect(price(1).getByText(priceAmountIssue(499, 'EUR')!)).toBeTruthy();
    expect(save().disabled).toBe(true);
    // Enter in a field submits the form even with Save off: the dialog must still not send it.
    fireEvent.submit(save().closest('form')!);

    type(textbox(price(1), /^Amount/), '0');
    expect(price(1).queryByText(priceAmountIssue(499, 'EUR')!)).toBeNull();
    expect(save().disabled).toBe(false);
    type(textbox(price(1), /^Amount/), '5,00');
    fireEvent.click(save());
    expect(await screen.findByText('Service added')).toBeTruthy();
    const posted = server.callsTo('POST', SERVICES_PATH).map((call) => call.body as ServiceBody);
    expect(posted.map((body) => body.prices?.map((p) => p.amount))).toEqual([[500]]);
  });

  it('offers each weekday once across a price’s time rows; no rows means every day', async () => {
    renderDialog();
    fireEvent.click(dialog().getByRole('button', { name: 'Add price' }));
    expect(price(1).getByText('No times set: this price applies every day, all day.')).toBeTruthy();
    fireEvent.click(price(1).getByRole('button', { name: 'Add time' }));
    fireEvent.click(price(1).getByRole('button', { name: 'Add time' }));
    const days = price(1).getAllByRole('combobox', { name: /^Day/ });
    expect(days.map((day) => day.textContent)).toEqual(['Monday', 'Tuesday']);

    fireEvent.mouseDown(days[1]!);
    const options = within(screen.getByRole('listbox'));
    expect(options.getByRole('option', { name: 'Monday' }).getAttribute('aria-disabled')).toBe('true');
    expect(options.getByRole('option', { name: 'Tuesday' }).getAttribute('aria-disabled')).not.toBe('true');
    fireEvent.click(options.getByRole('option', { name: 'Sunday' }));
    expect(price(1).getAllByRole('combobox', { name: /^Day/, hidden: true })[1]!.textContent).toBe('Sunday');
  });

  it('shows the overlap of two prices of one group and keeps Save off', async () => {
    renderDialog();
    type(textbox(dialog(), /^Name/), 'Nine holes');
    fireEvent.click(dialog().getByRole('button', { name: 'Add price' }));
    await groupsLoaded();
    type(textbox(price(1), /^Amount/), '10');
    fireEvent.click(dialog().getByRole('button', { name: 'Add price' }));
    type(textbox(price(2), /^Amount/), '10');
    expect(save().disabled).toBe(false);

    chooseGroup(2, 'Guest');
    expect(price(2).getByText(PRICE_OVERLAP_MESSAGE)).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('shows a taken name (409) at the name field', async () => {
    const { server } = renderDialog({
      routes: {
        [`POST ${SERVICES_PATH}`]: () =>
          json({ message: 'A service with this name already exists', code: 'serviceNameTaken' }, 409),
      },
    });
    type(textbox(dialog(), /^Name/), '18 holes');
    fireEvent.click(save());
    const name = textbox(dialog(), /^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog().getByText('A service with this name already exists')).toBeTruthy();
    expect(save().disabled).toBe(true);
    type(name, '18 holes (summer)');
    expect(save().disabled).toBe(false);
    expect(server.callsTo('POST', SERVICES_PATH)).toHaveLength(1);
  });

  it("shows the server's other refusals in the dialog", async () => {
    renderDialog({
      routes: {
        [`POST ${SERVICES_PATH}`]: () =>
          json({ message: 'Unknown user group', code: 'unknownUserGroup' }, 400),
      },
    });
    type(textbox(dialog(), /^Name/), 'Nine holes');
    fireEvent.click(save());
    expect(
      await dialog().findByText('A chosen user group no longer exists. Choose another one.'),
    ).toBeTruthy();
  });

  it('asks before discarding changes, and closes at once without any', () => {
    const { onClose } = renderDialog();
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard changes?')).toBeNull();

    type(textbox(dialog(), /^Name/), 'Nine holes');
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Discard changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(textbox(dialog(), /^Name/).value).toBe('Nine holes');

    fireEvent.keyDown(screen.getByRole('dialog', { name: /service/, hidden: true }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
