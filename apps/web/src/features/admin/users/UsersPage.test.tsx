import type { UserView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES, makeUser } from '../components/testing/admin-fixtures';
import { UsersPage } from './UsersPage';

const [DEMO, SECOND, ALPINE] = ADMIN_SITES.map((site) => site._id) as [string, string, string];

function renderUsers(
  users: UserView[] | (() => Response),
  routes: Parameters<typeof renderOperatorPage>[0]['routes'] = {},
) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/users',
    url: '/admin/users',
    element: <UsersPage />,
    routes: {
      'GET /api/admin/users': () => (typeof users === 'function' ? users() : json(users)),
      'GET /api/admin/sites': () => json(ADMIN_SITES),
      ...routes,
    },
  });
}

const row = (user: UserView) => screen.findByTestId(`user-row-${user.email}`);
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());

describe('UsersPage', () => {
  it('lists email, id, last seen, sites and a colour-coded role; more than two sites are a count that opens the list', async () => {
    const boss = makeUser({ email: 'boss@example.com', role: 'superadmin', sites: [] });
    const one = makeUser({ email: 'one@example.com', role: 'basic', sites: [SECOND] });
    const many = makeUser({
      email: 'many@example.com',
      sites: [DEMO, SECOND, ALPINE],
      lastSeen: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    renderUsers([boss, one, many]);

    const bossRow = within(await row(boss));
    expect(bossRow.getByText('All Sites')).toBeTruthy();
    expect(bossRow.getByText(boss._id)).toBeTruthy();
    expect(bossRow.getByText('Never')).toBeTruthy();
    expect(bossRow.getByTestId('role-chip').dataset.role).toBe('superadmin');

    const oneRow = within(await row(one));
    await waitFor(() => expect(oneRow.getByText('Second Club')).toBeTruthy());
    expect(oneRow.getByTestId('role-chip').textContent).toBe('Staff');

    const manyRow = within(await row(many));
    expect(manyRow.getByText('2 hours ago')).toBeTruthy();
    expect(manyRow.queryByText('Second Club')).toBeNull();
    fireEvent.click(manyRow.getByTestId('sites-count'));
    const list = await screen.findByTestId('sites-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Alpine Links', 'Demo Golf Club', 'Second Club']);
    expect(manyRow.getByTestId('sites-count').textContent).toBe('3 sites');
  });

  it('searches email and user id once typing paused, and says when nothing matches', async () => {
    const ann = makeUser({ email: 'ann@club.example' });
    const bob = makeUser({ email: 'bob@club.example' });
    renderUsers([ann, bob]);
    await row(ann);

    fireEvent.change(screen.getByTestId('users-search'), { target: { value: ' BOB@' } });
    await waitFor(() => expect(screen.queryByTestId(`user-row-${ann.email}`)).toBeNull(), { timeout: 2_000 });
    expect(screen.getByTestId(`user-row-${bob.email}`)).toBeTruthy();

    fireEvent.change(screen.getByTestId('users-search'), { target: { value: ann._id.slice(-6) } });
    await waitFor(() => expect(screen.queryByTestId(`user-row-${bob.email}`)).toBeNull(), { timeout: 2_000 });
    expect(screen.getByTestId(`user-row-${ann.email}`)).toBeTruthy();

    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No users found', {}, { timeout: 2_000 })).toBeTruthy();
  });

  it('pages by 20, offers 50, 100 and All, and remembers the choice in this browser', async () => {
    const users = Array.from({ length: 25 }, (_, index) =>
      makeUser({ email: `u${String(index).padStart(2, '0')}@example.com` }),
    );
    renderUsers(users);
    await row(users[0]!);
    expect(screen.getAllByTestId(/^user-row-/)).toHaveLength(20);
    expect(screen.getByTestId('users-pager-total').textContent).toBe('25 users');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(screen.getAllByTestId(/^user-row-/)).toHaveLength(5));

    fireEvent.mouseDown(screen.getByTestId('users-pager-page-size'));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId(/^user-row-/)).toHaveLength(25));
    expect(localStorage.getItem('fairway.admin.users.pageSize')).toBe('-1');
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    const user = makeUser();
    // A refusal (4xx) shows at once; a 5xx would be retried twice first.
    const server = renderUsers(() => (fail ? json({ message: 'Superadmins only' }, 403) : json([user])));
    expect(await screen.findByText('Superadmins only')).toBeTruthy();
    expect(screen.getByText('The users could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await row(user)).toBeTruthy();
    expect(server.callsTo('GET', '/api/admin/users').length).toBeGreaterThanOrEqual(2);
  });

  it("sends a reset-password link after 'Reset password?'", async () => {
    const user = makeUser({ email: 'forgetful@example.com' });
    const server = renderUsers([user], {
      [`POST /api/admin/users/${user._id}/reset-password`]: () => new Response(null, { status: 204 }),
    });
    fireEvent.click(within(await row(user)).getByTestId('user-reset-password'));
    await dialog('Reset password?');
    expect(server.callsTo('POST', `/api/admin/users/${user._id}/reset-password`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Reset link sent to forgetful@example.com')).toBeTruthy();
    expect(server.callsTo('POST', `/api/admin/users/${user._id}/reset-password`)).toHaveLength(1);
  });

  it('edits email, role and sites, sending only what changed', async () => {
    const user = makeUser({ email: 'old@example.com', role: 'basic', sites: [DEMO] });
    const server = renderUsers([user], {
      [`PATCH /api/admin/users/${user._id}`]: (call) => json({ ...user, ...(call.body as object) }),
    });
    fireEvent.click(within(await row(user)).getByTestId('user-edit'));
    const edit = within(await dialog('Edit user'));
    fireEvent.change(edit.getByRole('textbox', { name: /^Email/ }), {
      target: { value: ' New@Example.com ' },
    });
    fireEvent.mouseDown(edit.getByTestId('role-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));

    fireEvent.click(edit.getByRole('button', { name: 'Site Assignment' }));
    fireEvent.mouseDown(await edit.findByTestId('site-picker'));
    fireEvent.click(await screen.findByRole('option', { name: 'Second Club' }));
    fireEvent.click(edit.getByTestId('user-form-save'));

    await waitFor(() => expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)[0]!.body).toEqual({
      email: 'new@example.com',
      role: 'admin',
      sites: [DEMO, SECOND],
    });
    expect(await screen.findByText('User updated')).toBeTruthy();
  });

  it('checks a new password against the domain minimum and its confirmation', async () => {
    const user = makeUser({ role: 'user', sites: [DEMO] });
    const server = renderUsers([user], {
      [`PATCH /api/admin/users/${user._id}`]: (call) => json({ ...user, ...(call.body as object) }),
    });
    fireEvent.click(within(await row(user)).getByTestId('user-edit'));
    const edit = within(await dialog('Edit user'));
    fireEvent.click(edit.getByRole('button', { name: 'Password' }));
    fireEvent.change(edit.getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.click(edit.getByTestId('user-form-save'));
    expect(await edit.findByText('Must be at least 6 characters')).toBeTruthy();

    fireEvent.change(edit.getByLabelText('New password'), { target: { value: 'long-enough' } });
    fireEvent.change(edit.getByLabelText('Confirm password'), { target: { value: 'long-enougH' } });
    fireEvent.click(edit.getByTestId('user-form-save'));
    expect(await edit.findByText('Passwords must match')).toBeTruthy();
    expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)).toHaveLength(0);

    fireEvent.change(edit.getByLabelText('Confirm password'), { target: { value: 'long-enough' } });
    fireEvent.click(edit.getByTestId('user-form-save'));
    await waitFor(() => expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)[0]!.body).toEqual({
      password: 'long-enough',
    });
  });

  it('requires a site for a role below superadmin', async () => {
    const user = makeUser({ role: 'user', sites: [DEMO] });
    const server = renderUsers([user], {
      [`PATCH /api/admin/users/${user._id}`]: (call) => json({ ...user, ...(call.body as object) }),
    });
    fireEvent.click(within(await row(user)).getByTestId('user-edit'));
    const edit = within(await dialog('Edit user'));
    fireEvent.click(edit.getByRole('button', { name: 'Site Assignment' }));
    const picker = await edit.findByTestId('site-picker');
    fireEvent.keyDown(picker, { key: 'Backspace' });
    fireEvent.click(edit.getByTestId('user-form-save'));
    expect(await edit.findByText('Choose at least one site')).toBeTruthy();
    expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)).toHaveLength(0);

    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Alpine Links' }));
    fireEvent.click(edit.getByTestId('user-form-save'));
    await waitFor(() => expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `/api/admin/users/${user._id}`)[0]!.body).toEqual({ sites: [ALPINE] });
  });

  it("shows the server's refusals in the dialog: a taken email at the field, a 400 above", async () => {
    const user = makeUser({ email: 'me@example.com' });
    renderUsers([user], {
      [`PATCH /api/admin/users/${user._id}`]: () => json({ message: 'Email already exists' }, 409),
      [`DELETE /api/admin/users/${user._id}`]: () =>
        json({ message: 'You cannot delete your own account' }, 400),
    });
    fireEvent.click(within(await row(user)).getByTestId('user-edit'));
    const edit = within(await dialog('Edit user'));
    fireEvent.change(edit.getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'taken@example.com' },
    });
    fireEvent.click(edit.getByTestId('user-form-save'));
    expect(await edit.findByText('Email already exists')).toBeTruthy();

    fireEvent.click(edit.getByRole('button', { name: 'Delete User' }));
    fireEvent.click(await edit.findByTestId('user-delete'));
    await dialog('Delete User?');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect((await edit.findByTestId('user-form-refusal')).textContent).toBe(
      'You cannot delete your own account',
    );
    expect(await screen.findByRole('dialog', { name: 'Edit user' })).toBeTruthy();
  });

  it("deletes a user after 'Delete User?'", async () => {
    const user = makeUser({ email: 'leaver@example.com' });
    let users = [user];
    const server = renderUsers(() => json(users), {
      [`DELETE /api/admin/users/${user._id}`]: () => {
        users = [];
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(await row(user)).getByTestId('user-edit'));
    const edit = within(await dialog('Edit user'));
    fireEvent.click(edit.getByRole('button', { name: 'Delete User' }));
    fireEvent.click(await edit.findByTestId('user-delete'));
    expect(
      within(await dialog('Delete User?')).getByText(
        'leaver@example.com is deleted and can no longer sign in.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('User deleted')).toBeTruthy();
    expect(server.callsTo('DELETE', `/api/admin/users/${user._id}`)).toHaveLength(1);
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('exports the users to the support directory, showing progress and then the counts', async () => {
    const answer = deferred<Response>();
    const server = renderUsers([makeUser()], {
      'POST /api/admin/users/support-export': () => answer.promise,
    });
    await screen.findByTestId(/^user-row-/);
    fireEvent.click(screen.getByTestId('users-export'));
    await waitFor(() => expect(screen.getByTestId('users-export').textContent).toBe('Exporting…'));
    expect((screen.getByTestId('users-export') as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(json({ provider: 'local', exported: 3, created: 1, updated: 2 }));
    expect(
      await screen.findByText('3 users exported to the support directory (local): 1 new, 2 updated'),
    ).toBeTruthy();
    expect(screen.getByTestId('users-export').textContent).toBe('Sync');
    expect(server.callsTo('POST', '/api/admin/users/support-export')).toHaveLength(1);
  });

  it('says why the export failed', async () => {
    renderUsers([makeUser()], {
      'POST /api/admin/users/support-export': () => json({ message: 'Support directory unreachable' }, 502),
    });
    await screen.findByTestId(/^user-row-/);
    fireEvent.click(screen.getByTestId('users-export'));
    expect(
      await screen.findByText(
        'Failed to export the users to the support directory: Support directory unreachable',
      ),
    ).toBeTruthy();
  });
});
