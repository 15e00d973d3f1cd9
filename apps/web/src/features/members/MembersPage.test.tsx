import type { MembersPage as MembersPageAnswer, MemberView, Role } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { NotificationHost } from '../../components/NotificationHost';
import { storeTokens } from '../../lib/auth-tokens';
import '../../lib/i18n';
import { dismissAllToasts } from '../../lib/notifications';
import { setSelectedSite } from '../../lib/selected-site';
import { SITE_A } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../../test/fetch-mock';
import { makeSite } from '../commands/testing/fixtures';
import { MembersPage } from './MembersPage';
import { makeCode, makeMember, membersPageOf, profileId } from './testing/member-fixtures';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const MEMBERS_PATH = '/api/dashboard/members';

interface Setup {
  role?: Role;
  keypad?: boolean;
  /** The answer to a members list request, given its query. */
  members?: (query: URLSearchParams) => MembersPageAnswer | Response;
  /** More routes; each handler also gets the request's query. */
  routes?: Record<string, (call: RecordedCall, query: URLSearchParams) => Response>;
}

/** Signs in with `role`, answers the site, account, user groups and members, and shows the page. */
function renderMembers({
  role = 'user',
  keypad = false,
  members = () => membersPageOf([]),
  routes = {},
}: Setup) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  // The mock records paths without their query; the list's page, sort and search are in the URL.
  const urlOf = (call: unknown[]) => new URL(String(call[0]), 'http://localhost');
  const lastQuery = () => urlOf(vi.mocked(fetch).mock.calls.at(-1)!).searchParams;
  const server = installFetchMock({
    'GET /api/dashboard/sites': () => json(makeSite({ keypadEnabled: keypad, lang: 'da' })),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    'GET /api/dashboard/sites/user-groups': () => json([]),
    [`GET ${MEMBERS_PATH}`]: () => {
      const answer = members(lastQuery());
      return answer instanceof Response ? answer : json(answer);
    },
    ...Object.fromEntries(
      Object.entries(routes).map(([route, handler]) => [
        route,
        (call: RecordedCall) => handler(call, lastQuery()),
      ]),
    ),
  });
  const listQueries = () =>
    server.fetchMock.mock.calls
      .map(urlOf)
      .filter((url) => url.pathname === MEMBERS_PATH)
      .map((url) => Object.fromEntries(url.searchParams));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationHost />
        <MembersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...server, listQueries };
}

const row = (member: MemberView) => screen.getByTestId(`member-row-${member.email}`);
const findRow = (member: MemberView) => screen.findByTestId(`member-row-${member.email}`);
const tick = (member: MemberView) => fireEvent.click(within(row(member)).getByTestId('member-select'));
const actionsButton = () => screen.getByTestId('members-actions') as HTMLButtonElement;
const openActions = () => fireEvent.click(actionsButton());
const menuItem = (testId: string) => screen.getByTestId(testId);

beforeEach(() => {
  localStorage.clear();
  dismissAllToasts();
  setSelectedSite(SITE_A, USER_ID);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MembersPage', () => {
  it('lists members with number, group, codes and credits on a site without keypads', async () => {
    const linked = makeMember({
      name: 'Ann Linked',
      memberNumber: 'M-7',
      userGroup: '77777777-7777-4777-8777-777777777777',
      userGroupName: 'Seniors',
      profile: profileId(1),
      credits: -1,
      codes: [makeCode({ code: '654321', master: true })],
    });
    const guest = makeMember({ name: 'Bob Guest', credits: 12, codes: [makeCode({ enabled: false })] });
    renderMembers({ members: () => membersPageOf([linked, guest]) });

    const first = within(await findRow(linked));
    expect(first.getByText('M-7')).toBeTruthy();
    expect(first.getByText('Seniors')).toBeTruthy();
    expect(first.getByTestId('member-linked')).toBeTruthy();
    expect(first.getByTestId('member-credits').textContent).toContain('Unlimited');
    expect(first.getByTestId('member-code-virtualKey').textContent).toContain('654321');
    expect(first.getByText('Master')).toBeTruthy();
    // Virtual keys are the only type here, and Ann has one: nothing left to add.
    expect(first.queryByTestId('member-code-add')).toBeNull();

    const second = within(row(guest));
    expect(second.getByText('Guest')).toBeTruthy();
    expect(second.queryByTestId('member-linked')).toBeNull();
    expect(second.getByTestId('member-credits').textContent).toBe('12');
    expect(second.getByTestId('member-code-virtualKey').dataset.state).toBe('disabled');

    expect(screen.getByRole('columnheader', { name: 'Member number' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Phone number' })).toBeNull();
    expect(screen.queryByTestId('members-find-code')).toBeNull();
  });

  it('shows company, phone and induction on keypad sites, with Find Code and more code types to add', async () => {
    const member = makeMember({
      company: 'Acme Greens',
      phone: '+45 1234 5678',
      induction: true,
      codes: [makeCode({ type: 'keypad', code: '111222' })],
    });
    renderMembers({ keypad: true, members: () => membersPageOf([member]) });

    const cells = within(await findRow(member));
    expect(cells.getByText('Acme Greens')).toBeTruthy();
    expect(cells.getByText('+45 1234 5678')).toBeTruthy();
    expect(cells.getByTitle('Received induction')).toBeTruthy();
    expect(cells.getByTestId('member-code-add')).toBeTruthy();
    expect(cells.queryByTestId('member-credits')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Credits' })).toBeNull();
    expect(screen.getByTestId('members-find-code')).toBeTruthy();
  });

  it('searches once typing paused, in the chosen field, and starts again on page 1', async () => {
    const server = renderMembers({
      members: (query) =>
        membersPageOf([makeMember()], { page: Number(query.get('page')), totalPages: 5, totalItems: 250 }),
    });
    await screen.findByTestId('members-total');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Search in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(server.listQueries().at(-1)).toMatchObject({ page: '3' }));

    fireEvent.change(screen.getByTestId('members-search'), { target: { value: '  ann@ ' } });
    // Debounced (§9): no request carries the search until typing has paused.
    expect(server.listQueries().some((query) => 'query' in query)).toBe(false);
    await waitFor(
      () =>
        expect(server.listQueries().at(-1)).toEqual({
          page: '1',
          limit: '50',
          sort: 'name:asc',
          query: 'ann@',
          searchIn: 'email',
        }),
      { timeout: 2_000 },
    );
  });

  it('sorts on the server by the clicked column, flipping on a second click', async () => {
    const server = renderMembers({ members: () => membersPageOf([makeMember()]) });
    await screen.findByTestId('members-total');
    fireEvent.click(screen.getByTestId('members-sort-name'));
    await waitFor(() => expect(server.listQueries().at(-1)?.sort).toBe('name:desc'));
    fireEvent.click(screen.getByTestId('members-sort-credits'));
    await waitFor(() => expect(server.listQueries().at(-1)?.sort).toBe('credits:asc'));
  });

  it('remembers the page size in this browser', async () => {
    const server = renderMembers({ members: () => membersPageOf([makeMember()]) });
    await screen.findByTestId('members-total');
    expect(server.listQueries().at(-1)?.limit).toBe('50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '20' }));
    await waitFor(() => expect(server.listQueries().at(-1)?.limit).toBe('20'));
    cleanup();

    const again = renderMembers({ members: () => membersPageOf([makeMember()]) });
    await screen.findByTestId('members-total');
    expect(again.listQueries().at(-1)?.limit).toBe('20');
  });

  it('keeps the selection across pages; the header box ticks the page, and it can be cleared', async () => {
    const pages = [
      [makeMember(), makeMember()],
      [makeMember(), makeMember()],
    ];
    renderMembers({
      members: (query) => {
        const page = Number(query.get('page'));
        return membersPageOf(pages[page - 1]!, { page, totalPages: 2, totalItems: 4 });
      },
    });
    await findRow(pages[0]![0]!);
    expect(actionsButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all members on this page' }));
    expect(screen.getByTestId('members-selected-count').textContent).toBe('2 selected');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await findRow(pages[1]![0]!);
    tick(pages[1]![1]!);
    expect(screen.getByTestId('members-selected-count').textContent).toBe('3 selected');
    expect(actionsButton().textContent).toContain('Actions (3)');
    const header = screen.getByRole('checkbox', {
      name: 'Select all members on this page',
    }) as HTMLInputElement;
    expect(header.dataset.indeterminate).toBe('true');

    fireEvent.click(screen.getByTestId('members-clear-selection'));
    expect(screen.queryByTestId('members-selected-count')).toBeNull();
    expect(actionsButton().disabled).toBe(true);
  });

  it('links only members without a profile and unlinks only members with one (admins)', async () => {
    const ann = makeMember({ email: 'ann@example.com' });
    const bob = makeMember({ email: 'bob@example.com', profile: profileId(2) });
    const eve = makeMember({ email: 'eve@example.com' });
    const server = renderMembers({
      role: 'admin',
      members: () => membersPageOf([ann, bob, eve]),
      routes: {
        'POST /api/dashboard/members/link': () => json({ count: 1 }),
        'POST /api/dashboard/members/unlink': () => json({ count: 1 }),
      },
    });
    await findRow(ann);
    for (const member of [ann, bob, eve]) tick(member);

    openActions();
    expect(menuItem('members-action-link').textContent).toContain('Link Members (2)');
    expect(menuItem('members-action-unlink').textContent).toContain('Unlink Members (1)');
    fireEvent.click(menuItem('members-action-link'));
    expect(await screen.findByText('Members linked: 1')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/members/link')[0]!.body).toEqual({
      members: { 'ann@example.com': ann._id, 'eve@example.com': eve._id },
    });
    dismissAllToasts();

    openActions();
    fireEvent.click(menuItem('members-action-unlink'));
    expect(screen.getByText('Unlink Members?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Members unlinked')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/members/unlink')[0]!.body).toEqual({
      members: { [bob._id]: profileId(2) },
    });
  });

  it('disables link when every ticked member is linked already', async () => {
    const bob = makeMember({ profile: profileId(3) });
    renderMembers({ role: 'admin', members: () => membersPageOf([bob]) });
    await findRow(bob);
    tick(bob);
    openActions();
    expect(menuItem('members-action-link').getAttribute('aria-disabled')).toBe('true');
    expect(menuItem('members-action-unlink').getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps Link and Unlink from roles below admin', async () => {
    const member = makeMember();
    renderMembers({ role: 'user', members: () => membersPageOf([member]) });
    await findRow(member);
    tick(member);
    openActions();
    expect(menuItem('members-action-delete')).toBeTruthy();
    expect(screen.queryByTestId('members-action-link')).toBeNull();
    expect(screen.queryByTestId('members-action-unlink')).toBeNull();
  });

  it('shows staff (basic) a no-access state and never asks for members', async () => {
    const server = renderMembers({ role: 'basic' });
    expect(await screen.findByText('Members are not available to your role')).toBeTruthy();
    expect(server.listQueries()).toEqual([]);
  });

  it('deletes the selected members after confirmation and clears the selection', async () => {
    const ann = makeMember();
    const bob = makeMember();
    const server = renderMembers({
      members: () => membersPageOf([ann, bob]),
      routes: { 'POST /api/dashboard/members/delete': () => json({ count: 2 }) },
    });
    await findRow(ann);
    tick(ann);
    tick(bob);
    openActions();
    fireEvent.click(menuItem('members-action-delete'));
    expect(screen.getByText('Delete Members?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Members deleted')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/members/delete')[0]!.body).toEqual({
      ids: [ann._id, bob._id],
    });
    expect(screen.queryByTestId('members-selected-count')).toBeNull();
  });

  it("moves the selected members into a user group, and shows the server's message when that fails", async () => {
    const member = makeMember();
    const server = renderMembers({
      members: () => membersPageOf([member]),
      routes: {
        'PATCH /api/dashboard/members': () => json({ message: 'User group not found' }, 404),
      },
    });
    await findRow(member);
    tick(member);
    openActions();
    fireEvent.click(menuItem('members-action-user-group'));
    fireEvent.click(screen.getByTestId('members-bulk-user-group-save'));
    expect(await screen.findByText('User group not found')).toBeTruthy();
    expect(server.callsTo('PATCH', MEMBERS_PATH)[0]!.body).toEqual({
      ids: [member._id],
      updateData: { userGroup: null },
    });
  });

  it('adds a member in the site language; a taken email shows at the email field', async () => {
    let taken = true;
    const server = renderMembers({
      routes: {
        [`POST ${MEMBERS_PATH}`]: (call) =>
          taken
            ? json({ message: 'Email already exists' }, 409)
            : json(makeMember(call.body as Partial<MemberView>), 201),
      },
    });
    await screen.findByText('No drivers found');
    fireEvent.click(screen.getByTestId('members-add'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add member' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: ' Ann Example ' } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: ' Ann@Example.com' } });
    fireEvent.change(dialog.getByLabelText(/^Member number/), { target: { value: 'M-1' } });
    fireEvent.click(dialog.getByTestId('member-form-save'));

    expect(
      await dialog.findByText('Email already exists, please use a different email and try again.'),
    ).toBeTruthy();
    expect(server.callsTo('POST', MEMBERS_PATH)[0]!.body).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      memberNumber: 'M-1',
      lang: 'da',
    });

    taken = false;
    fireEvent.click(dialog.getByTestId('member-form-save'));
    expect(await screen.findByText('Member added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add member' })).toBeNull());
  });

  it('refuses to add a member without a name or with an invalid email', async () => {
    const server = renderMembers({});
    await screen.findByText('No drivers found');
    fireEvent.click(screen.getByTestId('members-add'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add member' }));
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(dialog.getByTestId('member-form-save'));
    expect(await dialog.findByText('This field is required')).toBeTruthy();
    expect(dialog.getByText('Please enter a valid email address')).toBeTruthy();
    expect(server.callsTo('POST', MEMBERS_PATH)).toEqual([]);
  });

  it('edits a driver, sending only what changed', async () => {
    const member = makeMember({ name: 'Ann', memberNumber: 'M-1' });
    const server = renderMembers({
      members: () => membersPageOf([member]),
      routes: {
        [`PATCH ${MEMBERS_PATH}/${member._id}`]: (call) =>
          json({ ...member, ...(call.body as Partial<MemberView>) }),
      },
    });
    fireEvent.click(within(await findRow(member)).getByTestId('member-edit'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit driver' }));
    expect((dialog.getByLabelText(/^Member number/) as HTMLInputElement).value).toBe('M-1');
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Ann Renamed' } });
    fireEvent.click(dialog.getByTestId('member-form-save'));
    expect(await screen.findByText('Member updated')).toBeTruthy();
    expect(server.callsTo('PATCH', `${MEMBERS_PATH}/${member._id}`)[0]!.body).toEqual({
      name: 'Ann Renamed',
    });
  });

  it('asks before deleting a driver by name', async () => {
    const member = makeMember({ name: 'Ann Example' });
    const server = renderMembers({
      members: () => membersPageOf([member]),
      routes: { [`DELETE ${MEMBERS_PATH}/${member._id}`]: () => new Response(null, { status: 204 }) },
    });
    fireEvent.click(within(await findRow(member)).getByTestId('member-delete'));
    expect(screen.getByText('Delete Ann Example?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Driver deleted')).toBeTruthy();
    expect(server.callsTo('DELETE', `${MEMBERS_PATH}/${member._id}`)).toHaveLength(1);
  });

  it('says when nothing matches a search, differently from an empty club', async () => {
    renderMembers({});
    expect(await screen.findByText('No drivers found')).toBeTruthy();
    expect(screen.getByText(/Add your first member/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('members-search'), { target: { value: 'zed' } });
    expect(await screen.findByText(/No member matches “zed”/, {}, { timeout: 2_000 })).toBeTruthy();
  });

  it('shows a failed load with a retry that asks again', async () => {
    let fail = true;
    const member = makeMember();
    renderMembers({
      members: () => (fail ? json({ message: 'Database unavailable' }, 400) : membersPageOf([member])),
    });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findRow(member)).toBeTruthy();
  });

  it("finds whose code a number is on keypad sites, and says when it is nobody's", async () => {
    renderMembers({
      keypad: true,
      routes: {
        'GET /api/dashboard/codes/find': (_call, query) =>
          query.get('code') === '123456'
            ? json({
                name: 'Ann Example',
                email: 'ann@example.com',
                company: 'Acme',
                phone: null,
                type: 'keypad',
              })
            : json({ message: 'Code not found' }, 404),
      },
    });
    fireEvent.click(await screen.findByTestId('members-find-code'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Find Code' }));
    fireEvent.change(dialog.getByTestId('find-code-input'), { target: { value: '123456' } });
    fireEvent.click(dialog.getByTestId('find-code-submit'));
    const card = within(await dialog.findByTestId('find-code-result'));
    expect(card.getByText('Code Found')).toBeTruthy();
    expect(card.getByText('Ann Example')).toBeTruthy();
    expect(card.getByText('Acme')).toBeTruthy();
    expect(card.queryByText('Phone number')).toBeNull();

    fireEvent.change(dialog.getByTestId('find-code-input'), { target: { value: '999' } });
    fireEvent.click(dialog.getByTestId('find-code-submit'));
    expect((await dialog.findByTestId('find-code-not-found')).textContent).toContain('999');

    fireEvent.change(dialog.getByTestId('find-code-input'), { target: { value: '12ab' } });
    fireEvent.click(dialog.getByTestId('find-code-submit'));
    expect(dialog.getByText('Numbers only, at most 20 digits')).toBeTruthy();
  });
});
