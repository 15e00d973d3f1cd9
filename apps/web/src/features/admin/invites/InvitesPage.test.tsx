import type { InviteView } from '@fairway/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts } from '../../../lib/notifications';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES, makeInvite } from '../components/testing/admin-fixtures';
import { InvitesPage } from './InvitesPage';

const SECOND = ADMIN_SITES[1]!._id;
type Routes = Parameters<typeof renderOperatorPage>[0]['routes'];

function renderInvites(invites: InviteView[] | (() => InviteView[]), routes: Routes = {}) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/invites',
    url: '/admin/invites',
    element: <InvitesPage />,
    routes: {
      'GET /api/admin/users/invites': () => json(typeof invites === 'function' ? invites() : invites),
      'GET /api/admin/sites': () => json(ADMIN_SITES),
      ...routes,
    },
  });
}

const row = (invite: InviteView) => screen.findByTestId(`invite-row-${invite.email}`);
const dialog = (name: string) => screen.findByRole('dialog', { name });

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());

describe('InvitesPage', () => {
  it('lists email, link, last sent, validity, sites and role; the link chip copies the link', async () => {
    const open = makeInvite({ email: 'new.admin@example.com' });
    const old = makeInvite({
      email: 'late@example.com',
      role: 'basic',
      expired: true,
      sentAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      expiresAt: new Date(Date.now() - 6 * 86_400_000).toISOString(),
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderInvites([open, old]);

    const openRow = within(await row(open));
    expect(openRow.getByText('3 hours ago')).toBeTruthy();
    expect(openRow.getByText(/^Valid until /)).toBeTruthy();
    await waitFor(() => expect(openRow.getByText('Second Club')).toBeTruthy());
    expect(openRow.getByTestId('role-chip').textContent).toBe('Admin');
    const oldRow = within(await row(old));
    expect(oldRow.getByText('Expired')).toBeTruthy();
    expect(oldRow.getByText('20 days ago')).toBeTruthy();

    fireEvent.click(openRow.getByTestId('invite-link'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(open.link);
  });

  it("resends after 'Resend Invite?' and deletes after 'Delete Invite?'", async () => {
    const invite = makeInvite({ email: 'waiting@example.com' });
    let invites = [invite];
    const server = renderInvites(() => invites, {
      [`POST /api/admin/users/invites/${invite._id}/resend`]: () => json(invite),
      [`DELETE /api/admin/users/invites/${invite._id}`]: () => {
        invites = [];
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(await row(invite)).getByTestId('invite-resend'));
    await dialog('Resend Invite?');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Invite Resent')).toBeTruthy();
    expect(server.callsTo('POST', `/api/admin/users/invites/${invite._id}/resend`)).toHaveLength(1);
    // Toasts queue: clear this one so the next one shows.
    act(() => dismissAllToasts());

    fireEvent.click(within(await row(invite)).getByTestId('invite-delete'));
    await dialog('Delete Invite?');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Invite Deleted')).toBeTruthy();
    expect(server.callsTo('DELETE', `/api/admin/users/invites/${invite._id}`)).toHaveLength(1);
    expect(await screen.findByText('No open invites')).toBeTruthy();
  });

  it('requires the email and, below superadmin, a site before inviting', async () => {
    const server = renderInvites([]);
    await screen.findByText('No open invites');
    fireEvent.click(screen.getByTestId('invites-add'));
    const add = within(await dialog('Add User'));
    fireEvent.click(add.getByTestId('invite-form-send'));
    expect(await add.findByText('This field is required')).toBeTruthy();
    fireEvent.change(add.getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'someone@example.com' },
    });
    fireEvent.click(add.getByTestId('invite-form-send'));
    expect(await add.findByText('Choose at least one site')).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/users/invites')).toHaveLength(0);
  });

  it('adds a user with their email, role, site and the language of the invite mail', async () => {
    const server = renderInvites([], {
      'POST /api/admin/users/invites': (call) =>
        json(makeInvite({ ...(call.body as Partial<InviteView>) }), 201),
    });
    await screen.findByText('No open invites');
    fireEvent.click(screen.getByTestId('invites-add'));
    const add = within(await dialog('Add User'));
    fireEvent.change(add.getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'Club.Admin@Example.com' },
    });
    fireEvent.mouseDown(add.getByTestId('site-picker'));
    fireEvent.click(await screen.findByRole('option', { name: 'Second Club' }));
    fireEvent.mouseDown(add.getByTestId('invite-lang'));
    fireEvent.click(await screen.findByRole('option', { name: 'Dansk' }));
    fireEvent.click(add.getByTestId('invite-form-send'));

    expect(await screen.findByText('User added successfully')).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/users/invites')[0]!.body).toEqual({
      email: 'club.admin@example.com',
      role: 'admin',
      sites: [SECOND],
      lang: 'da',
    });
  });

  it('invites a superadmin without sites and shows a taken email at the field', async () => {
    let taken = true;
    const server = renderInvites([], {
      'POST /api/admin/users/invites': (call) =>
        taken
          ? json({ message: 'A user with this email already exists' }, 409)
          : json(makeInvite({ ...(call.body as Partial<InviteView>) }), 201),
    });
    await screen.findByText('No open invites');
    fireEvent.click(screen.getByTestId('invites-add'));
    const add = within(await dialog('Add User'));
    fireEvent.change(add.getByRole('textbox', { name: /^Email/ }), { target: { value: 'boss@example.com' } });
    fireEvent.mouseDown(add.getByTestId('role-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Superadmin' }));
    expect(add.queryByTestId('site-picker')).toBeNull();
    fireEvent.click(add.getByTestId('invite-form-send'));
    expect(await add.findByText('A user with this email already exists')).toBeTruthy();

    taken = false;
    fireEvent.click(add.getByTestId('invite-form-send'));
    expect(await screen.findByText('User added successfully')).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/users/invites').at(-1)!.body).toEqual({
      email: 'boss@example.com',
      role: 'superadmin',
      sites: [],
      lang: 'en',
    });
  });
});
