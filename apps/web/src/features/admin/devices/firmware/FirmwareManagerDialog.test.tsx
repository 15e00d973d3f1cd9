import { createHash } from 'node:crypto';
import { FIRMWARE_MAX_BYTES, type FirmwareFileView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, installFetchMock, json } from '../../../../test/fetch-mock';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../../test/operator-session';
import { FirmwareManagerDialog } from './FirmwareManagerDialog';
import { makeFirmwareFile } from './testing/firmware-fixtures';

const LIST = '/api/storage/firmware';

function serve(
  folders: Partial<Record<string, FirmwareFileView[]>>,
  routes: Parameters<typeof installFetchMock>[0] = {},
) {
  return installFetchMock({
    [`GET ${LIST}`]: (call) => json(folders[call.query.get('folder') ?? ''] ?? []),
    ...routes,
  });
}

function openManager() {
  const onClose = vi.fn();
  renderAsOperator(<FirmwareManagerDialog open onClose={onClose} />, 'superadmin');
  return { onClose };
}

const fileInput = () => screen.getByTestId('firmware-file-input') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const binary = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

async function openUpload() {
  fireEvent.click(await screen.findByTestId('firmware-upload-open'));
  return within(await screen.findByRole('dialog', { name: 'Upload firmware' }));
}

resetOperatorSessionAroundEachTest();

describe('FirmwareManagerDialog', () => {
  it('lists the WiFi images with version, size, upload time and a short SHA-256, then the GSM folders', async () => {
    const wifi = makeFirmwareFile({
      name: 'wifi-fw-2.4.1.bin',
      version: '2.4.1',
      size: Math.round(4.8 * 1024 * 1024),
    });
    const sim7600 = makeFirmwareFile({ folder: 'sim7600', name: 'sim7600_v1.3.0.bin', version: '1.3.0' });
    const server = serve({ wifi: [wifi], sim7600: [sim7600], sim7000: [] });
    openManager();

    const row = within(await screen.findByTestId('firmware-row-wifi-fw-2.4.1.bin'));
    expect(row.getByText('2.4.1')).toBeTruthy();
    expect(row.getByText('4.8 MB')).toBeTruthy();
    expect(row.getByText('3 hours ago')).toBeTruthy();
    expect(row.getByTestId('firmware-sha').textContent).toBe(`${wifi.sha256.slice(0, 12)}…`);
    expect(server.queriesTo(LIST)).toEqual([{ folder: 'wifi' }]);

    fireEvent.click(screen.getByTestId('firmware-tab-gsm'));
    expect(await screen.findByTestId('firmware-row-sim7600_v1.3.0.bin')).toBeTruthy();
    fireEvent.click(screen.getByTestId('firmware-folder-sim7000'));
    expect(await screen.findByText('No images in SIM7000 yet')).toBeTruthy();
    expect(server.queriesTo(LIST).map((query) => query.folder)).toEqual(['wifi', 'sim7600', 'sim7000']);
  });

  it('copies the whole SHA-256', async () => {
    const file = makeFirmwareFile();
    serve({ wifi: [file] });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openManager();
    fireEvent.click(await screen.findByTestId('firmware-copy-sha'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(file.sha256);
  });

  it('shows an error with a retry that loads the folder', async () => {
    let fail = true;
    const file = makeFirmwareFile();
    const server = installFetchMock({
      [`GET ${LIST}`]: () => (fail ? json({ message: 'Superadmins only' }, 403) : json([file])),
    });
    openManager();
    expect(await screen.findByText('Superadmins only')).toBeTruthy();
    expect(screen.getByText('Could not load the firmware images')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId(`firmware-row-${file.name}`)).toBeTruthy();
    expect(server.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a missing, a non-.bin and a too large file without sending anything', async () => {
    const server = serve({ wifi: [] });
    openManager();
    const upload = await openUpload();

    fireEvent.click(upload.getByTestId('firmware-upload-submit'));
    expect(await upload.findByText('Please select a file to upload')).toBeTruthy();

    choose(binary('notes.txt', 100));
    expect(await upload.findByText('Only .bin firmware files can be uploaded')).toBeTruthy();
    fireEvent.click(upload.getByTestId('firmware-upload-submit'));

    choose(binary('huge-9.9.9.bin', FIRMWARE_MAX_BYTES + 1));
    expect(await upload.findByText('File size should be less than 5 MB!')).toBeTruthy();
    fireEvent.click(upload.getByTestId('firmware-upload-submit'));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('uploads a .bin with the version read from its name, showing progress, and lists it', async () => {
    const stored = makeFirmwareFile({
      folder: 'sim7000',
      name: 'sim7000_v2.0.1-rc1.bin',
      version: '2.0.1-rc1',
    });
    const answer = deferred<Response>();
    let listed: FirmwareFileView[] = [];
    const server = serve(
      {},
      {
        [`GET ${LIST}`]: (call) => json(call.query.get('folder') === 'sim7000' ? listed : []),
        [`POST ${LIST}`]: () => answer.promise,
      },
    );
    openManager();
    fireEvent.click(await screen.findByTestId('firmware-tab-gsm'));
    fireEvent.click(await screen.findByTestId('firmware-folder-sim7000'));
    const upload = await openUpload();
    expect(upload.getByTestId('firmware-upload-folder').textContent).toBe('SIM7000');

    choose(binary('sim7000_v2.0.1-rc1.bin', 2048));
    expect((upload.getByTestId('firmware-upload-version') as HTMLInputElement).value).toBe('2.0.1-rc1');
    fireEvent.click(upload.getByTestId('firmware-upload-submit'));
    expect(await upload.findByTestId('firmware-upload-progress')).toBeTruthy();

    await waitFor(() => expect(server.callsTo('POST', LIST)).toHaveLength(1));
    const [call] = server.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    const form = call![1]!.body as FormData;
    expect(form.get('folder')).toBe('sim7000');
    expect(form.get('version')).toBe('2.0.1-rc1');
    // The checksum of the bytes sent, so the server refuses an image damaged on the way.
    expect(form.get('sha256')).toBe(createHash('sha256').update(new Uint8Array(2048)).digest('hex'));
    expect((form.get('file') as File).name).toBe('sim7000_v2.0.1-rc1.bin');
    // The server reads the text fields before the file.
    expect([...form.keys()]).toEqual(['folder', 'version', 'sha256', 'file']);

    listed = [stored];
    answer.resolve(json(stored, 201));
    expect(await screen.findByText('sim7000_v2.0.1-rc1.bin uploaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload firmware' })).toBeNull());
    expect(await screen.findByTestId('firmware-row-sim7000_v2.0.1-rc1.bin')).toBeTruthy();
  });

  it("shows the server's refusal of a name already in the folder", async () => {
    serve(
      { wifi: [] },
      {
        [`POST ${LIST}`]: () =>
          json({ message: 'A file with this name is already in this folder', code: 'duplicateName' }, 409),
      },
    );
    openManager();
    const upload = await openUpload();
    choose(binary('wifi-fw-2.4.1.bin', 10));
    fireEvent.click(upload.getByTestId('firmware-upload-submit'));
    expect(await upload.findByText('A file named wifi-fw-2.4.1.bin is already in this folder')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Upload firmware' })).toBeTruthy();
  });

  it('asks for a version when the name carries none', async () => {
    const server = serve({ wifi: [] });
    openManager();
    const upload = await openUpload();
    choose(binary('latest build.bin', 10));
    expect((upload.getByTestId('firmware-upload-version') as HTMLInputElement).value).toBe('');
    fireEvent.click(upload.getByTestId('firmware-upload-submit'));
    expect(await upload.findByText('Please give the version: the file name does not carry one')).toBeTruthy();
    expect(server.callsTo('POST', LIST)).toHaveLength(0);
  });

  it("deletes an image only after 'Delete Firmware?'", async () => {
    const file = makeFirmwareFile({ name: 'old-0.9.0.bin' });
    let listed = [file];
    const server = serve(
      {},
      {
        [`GET ${LIST}`]: () => json(listed),
        [`DELETE ${LIST}/${file._id}`]: () => {
          listed = [];
          return new Response(null, { status: 204 });
        },
      },
    );
    openManager();
    fireEvent.click(
      within(await screen.findByTestId('firmware-row-old-0.9.0.bin')).getByTestId('firmware-delete'),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Firmware?' }));
    expect(confirm.getByText(/old-0\.9\.0\.bin will be removed/)).toBeTruthy();
    expect(server.callsTo('DELETE', `${LIST}/${file._id}`)).toHaveLength(0);
    fireEvent.click(confirm.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('old-0.9.0.bin deleted')).toBeTruthy();
    expect(server.callsTo('DELETE', `${LIST}/${file._id}`)).toHaveLength(1);
    expect(await screen.findByText('No images in WiFi yet')).toBeTruthy();
  });
});
