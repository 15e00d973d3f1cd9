import type { UserGroupView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { UserGroupsCard } from './UserGroupsCard';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const GROUPS_PATH = '/api/dashboard/sites/user-groups';
const SENIORS: UserGroupView = {
  _id: 'ffffffff-ffff-4fff-8fff-000000000001',
  site: SITE_A,
  name: 'Seniors',
  prices: 3,
  members: 12,
};

function renderCard(role: 'basic' | 'user', routes: Parameters<typeof installFetchMock>[0] = {}) {
  const server = installFetchMock({ [`GET ${GROUPS_PATH}`]: () => json([SENIORS]), ...routes });
  renderAsOperator(<UserGroupsCard />, role);
  return server;
}

resetOperatorSessionAroundEachTest();

describe('UserGroupsCard', () => {
  it('lists the built-in guest group first, then the groups with their member and price counts', async () => {
    renderCard('user');
    await screen.findByText('Seniors');
    const items = within(screen.getByRole('list', { name: 'User groups' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Guest');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]?.textContent).toContain('Members: 12 · Prices: 3');
  });

  it('lets role user add a group, refusing an empty name and the guest name', async () => {
    const server = renderCard('user', {
      [`POST ${GROUPS_PATH}`]: (call) =>
        json({ ...SENIORS, _id: SENIORS._id.replace(/1$/, '2'), ...(call.body as object) }, 201),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add group' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add user group' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('This field is required')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Name/ }), { target: { value: 'Guest' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText("'guest' is the built-in group; choose another name")).toBeTruthy();
    expect(server.callsTo('POST', GROUPS_PATH)).toHaveLength(0);

    fireEvent.change(dialog.getByRole('textbox', { name: /Name/ }), { target: { value: '  Juniors ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User group added')).toBeTruthy();
    expect(server.callsTo('POST', GROUPS_PATH)[0]?.body).toEqual({ name: 'Juniors' });
  });

  it('renames a group', async () => {
    const path = `${GROUPS_PATH}/${SENIORS._id}`;
    const server = renderCard('user', {
      [`PATCH ${path}`]: (call) => json({ ...SENIORS, ...(call.body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Seniors' }));
    const name = screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Seniors');
    fireEvent.change(name, { target: { value: 'Veterans' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User group renamed')).toBeTruthy();
    expect(server.callsTo('PATCH', path)[0]?.body).toEqual({ name: 'Veterans' });
  });

  it('warns how many prices a delete takes with it and that members move to guest', async () => {
    const path = `${GROUPS_PATH}/${SENIORS._id}`;
    const server = renderCard('user', {
      [`DELETE ${path}`]: () => json({ deletedPrices: 3, movedMembers: 12 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Seniors' }));
    expect(screen.getByText('Delete Seniors?')).toBeTruthy();
    expect(
      screen.getByText(
        'Deleting this group also deletes its prices (3). Its members (12) move to guest. This cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(
      await screen.findByText('User group deleted. Prices deleted: 3. Members moved to guest: 12.'),
    ).toBeTruthy();
    await waitFor(() => expect(server.callsTo('DELETE', path)).toHaveLength(1));
  });

  it('shows the groups without changes to role basic', async () => {
    renderCard('basic');
    await screen.findByText('Seniors');
    expect(screen.queryByRole('button', { name: 'Add group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Seniors' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Seniors' })).toBeNull();
  });
});
