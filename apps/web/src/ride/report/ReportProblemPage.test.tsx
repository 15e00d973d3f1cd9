import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../test/fetch-mock';
import { DEVICE, makeGuestCart } from '../test/fixtures';
import { describeLocaleParity } from '../test/locale-parity';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../test/render';
import { reportMessages } from './locales';

resetRideAroundEachTest();
describeLocaleParity('problem report page', reportMessages, 25);

const REPORT = `/ride/${DEVICE}/report`;
const RECEIPT = {
  _id: '11111111-1111-4111-8111-111111111111',
  category: 'flat_tyre',
  cartBlocked: true,
  createdAt: '2026-05-02T10:00:00.000Z',
};

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers when the test says. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom keeps no blobs: the preview's address is a stand-in, restored with the other globals.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = vi.fn(() => 'blob:photo-1');
      static override revokeObjectURL = vi.fn();
    },
  );
  installFetchMock({ [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()) });
});

const photoFile = (bytes = 2048, type = 'image/jpeg') => {
  const file = new File(['x'], 'IMG_2026-05-02 Home.jpg', { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

async function openForm() {
  renderRideAt(REPORT);
  expect(await screen.findByRole('heading', { level: 1, name: 'Report a problem' })).toBeTruthy();
}

describe('the cart page', () => {
  it('leads to the report form, whatever the cart’s status', async () => {
    installFetchMock({
      [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart({ status: 'OUT_OF_SERVICE' })),
    });
    renderRideAt(`/ride/${DEVICE}`);
    const link = await screen.findByRole('link', { name: 'Report a problem' });
    expect(link.getAttribute('href')).toBe(REPORT);
    fireEvent.click(link);
    expect(currentUrl()).toBe(REPORT);
    expect(await screen.findByRole('radiogroup', { name: 'What is the problem?' })).toBeTruthy();
  });
});

describe('the report form', () => {
  it('sends the category, the text and the photo with progress, then says the cart is out of use', async () => {
    await openForm();
    expect(screen.getByText('Cart 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Flat tyre' }));
    expect(screen.getByRole('note').textContent).toBe(
      'The cart will be taken out of use until the staff have checked it.',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Describe it (optional)' }), {
      target: { value: '  Front left is flat  ' },
    });
    expect(screen.getByText('22 of 1,000 characters')).toBeTruthy();
    const input = screen.getByLabelText('Add a photo');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.change(input, { target: { files: [photoFile()] } });
    expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('blob:photo-1');
    expect(screen.getByLabelText('Take another photo')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const [xhr] = FakeXhr.sent;
    expect(xhr!.method).toBe('POST');
    expect(xhr!.url).toBe(`/api/guest/devices/${DEVICE}/damage-reports`);
    expect(xhr!.body!.get('category')).toBe('flat_tyre');
    expect(xhr!.body!.get('description')).toBe('Front left is flat');
    // The phone's own file name does not leave it.
    expect((xhr!.body!.get('photo') as File).name).toBe('photo');
    expect(screen.getByRole('button', { name: 'Send report' })).toHaveProperty('disabled', true);

    xhr!.progress(512, 1024);
    expect(screen.getByText('Sending… 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );

    xhr!.respond(201, RECEIPT);
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText('We have taken this cart out of use. Please choose another cart.')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe(
      `/ride/${DEVICE}`,
    );
  });

  it('thanks without a block for a category that keeps the cart in use, and sends no photo when none came', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Dirty' }));
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const [xhr] = FakeXhr.sent;
    expect(xhr!.body!.get('photo')).toBeNull();
    xhr!.respond(201, { ...RECEIPT, category: 'dirty', cartBlocked: false });
    expect(await screen.findByText("The club's staff have been told and will look after it.")).toBeTruthy();
    expect(screen.queryByText(/taken this cart out of use/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Report another problem' }));
    expect(screen.getByRole('radio', { name: 'Dirty' })).toHaveProperty('checked', false);
  });

  it('asks for a category before sending, and refuses a photo that is too large or not an image', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Please choose what the problem is.');
    expect(FakeXhr.sent).toEqual([]);

    const input = screen.getByLabelText('Add a photo');
    fireEvent.change(input, { target: { files: [photoFile(10 * 1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert').textContent).toBe(
      'This photo is too large (at most 10 MB). Please take a smaller one.',
    );
    expect(screen.queryByRole('img', { name: 'Your photo' })).toBeNull();
    fireEvent.change(input, { target: { files: [photoFile(100, 'application/pdf')] } });
    expect(screen.getByRole('alert').textContent).toMatch(/^This photo cannot be read/);
    fireEvent.change(input, { target: { files: [photoFile()] } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img', { name: 'Your photo' })).toBeNull();
  });

  it('says what went wrong: the limits with their wait, an unreadable photo, no connection', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Battery' }));
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    send();
    FakeXhr.sent.at(-1)!.respond(429, {
      message:
        'This cart has already been reported several times in the last hour; please try again in 59 minutes',
      code: 'rateLimited',
      retryAfter: 3540,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many reports about this cart or from your connection. Please try again in 59:00 or ask the reception.',
    );

    send();
    FakeXhr.sent.at(-1)!.respond(400, {
      message: 'The photo is not an image we can read',
      code: 'photoNotAnImage',
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This photo cannot be read/));

    send();
    act(() => FakeXhr.sent.at(-1)!.onerror?.());
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toMatch(/photo/));
    // The form keeps what the guest entered, ready to send again.
    expect(screen.getByRole('radio', { name: 'Battery' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Send report' })).toHaveProperty('disabled', false);
  });

  it('speaks the guest’s language', async () => {
    renderRideAt(REPORT, 'de');
    const group = await screen.findByRole('radiogroup', { name: 'Was ist das Problem?' });
    expect(within(group).getByRole('radio', { name: 'Platter Reifen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zum Cart' })).toBeTruthy();
  });
});
