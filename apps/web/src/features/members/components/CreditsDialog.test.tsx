import type { MemberView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
import { makeMember, MEMBER_ID } from './code-fixtures';
import { CreditsDialog } from './CreditsDialog';

const memberPath = `/api/dashboard/members/${MEMBER_ID}`;

function renderDialog(member: MemberView) {
  const server = installFetchMock({
    [`PATCH ${memberPath}`]: (call) => json({ ...member, ...(call.body as object) }),
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <CreditsDialog open member={member} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { server, onClose };
}

const input = () => screen.getByRole('textbox', { name: 'Credits' }) as HTMLInputElement;
const unlimited = () => screen.getByRole('switch', { name: 'Unlimited' }) as HTMLInputElement;
const minus = () => screen.getByRole('button', { name: 'One credit less' }) as HTMLButtonElement;
const plus = () => screen.getByRole('button', { name: 'One credit more' }) as HTMLButtonElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

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

describe('CreditsDialog', () => {
  it('ticks Unlimited when a negative number is typed, and unticking restores the credits before', () => {
    renderDialog(makeMember({ credits: 5 }));
    expect(unlimited().checked).toBe(false);
    fireEvent.change(input(), { target: { value: '-3' } });
    expect(unlimited().checked).toBe(true);
    fireEvent.click(unlimited());
    expect(unlimited().checked).toBe(false);
    expect(input().value).toBe('5');
  });

  it('ticking Unlimited sets -1; an unlimited member unticked starts from 0', () => {
    renderDialog(makeMember({ credits: -1 }));
    expect(unlimited().checked).toBe(true);
    expect(input().value).toBe('-1');
    fireEvent.click(unlimited());
    expect(input().value).toBe('0');
    fireEvent.click(unlimited());
    expect(input().value).toBe('-1');
  });

  it('disables minus at 0 and while unlimited; plus and minus count whole rides', () => {
    renderDialog(makeMember({ credits: 0 }));
    expect(minus().disabled).toBe(true);
    fireEvent.click(plus());
    fireEvent.click(plus());
    expect(input().value).toBe('2');
    expect(minus().disabled).toBe(false);
    fireEvent.click(minus());
    expect(input().value).toBe('1');
    fireEvent.click(unlimited());
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(true);
  });

  it('refuses decimals and empty input and keeps Save disabled', () => {
    const { server } = renderDialog(makeMember({ credits: 2 }));
    fireEvent.change(input(), { target: { value: '1.5' } });
    expect(screen.getByText('Whole numbers only')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '' } });
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(save().disabled).toBe(true);
    expect(server.calls).toHaveLength(0);
  });

  it('saves the credits and says so', async () => {
    const { server, onClose } = renderDialog(makeMember({ credits: 2 }));
    fireEvent.change(input(), { target: { value: '12' } });
    fireEvent.click(save());
    expect(await screen.findByText('Credits updated')).toBeTruthy();
    expect(server.callsTo('PATCH', memberPath).map((call) => call.body)).toEqual([{ credits: 12 }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('deletes credits (sets them to 0) after confirmation, offered only when the member has some', async () => {
    const { server } = renderDialog(makeMember({ credits: 4 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete credits' }));
    expect(screen.getByText('Delete Credits?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Credits deleted')).toBeTruthy();
    expect(server.callsTo('PATCH', memberPath).map((call) => call.body)).toEqual([{ credits: 0 }]);
    cleanup();
    renderDialog(makeMember({ credits: 0 }));
    expect(screen.queryByRole('button', { name: 'Delete credits' })).toBeNull();
  });
});
