import { describe, expect, it, vi } from 'vitest';
import { openGuestSocket } from './guest-socket';

const io = vi.hoisted(() => vi.fn(() => ({ kind: 'socket' })));
vi.mock('socket.io-client', () => ({ io }));

describe('openGuestSocket', () => {
  it("connects to the guest namespace on the page's own origin", async () => {
    expect(await openGuestSocket()).toEqual({ kind: 'socket' });
    expect(io).toHaveBeenCalledWith('/guest', expect.objectContaining({ path: '/socket.io' }));
  });
});
