import { SITE_LIMITS } from '@fairway/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { ImageUploadField } from './ImageUploadField';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const LOGO_PATH = '/api/dashboard/sites/logo';

function renderField(answer: () => Response = () => json({ url: '/files/sites/logo-2.png' })) {
  const server = installFetchMock({
    [`POST ${LOGO_PATH}`]: answer,
    'GET /api/dashboard/sites': () => json({ message: 'not needed here' }, 404),
  });
  renderAsOperator(
    <ImageUploadField siteId={SITE_A} kind="logo" imageUrl="/files/sites/logo-1.png" editable />,
    'admin',
  );
  return server;
}

const fileOf = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type });
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Upload logo'), { target: { files: [file] } });

resetOperatorSessionAroundEachTest();

describe('ImageUploadField', () => {
  it('shows the current image and offers JPEG and PNG files', () => {
    renderField();
    expect(screen.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toBe(
      '/files/sites/logo-1.png',
    );
    expect(screen.getByLabelText('Upload logo').getAttribute('accept')).toBe(
      '.jpg,.jpeg,.png,image/jpeg,image/png',
    );
  });

  it('refuses an image over 2 MB without sending it', async () => {
    const server = renderField();
    choose(fileOf('big.png', 'image/png', SITE_LIMITS.imageMaxBytes + 1));
    expect(
      await screen.findByText('Error uploading image: The image must not be larger than 2 MB'),
    ).toBeTruthy();
    expect(server.callsTo('POST', LOGO_PATH)).toHaveLength(0);
  });

  it('refuses a file that is not JPEG or PNG without sending it', async () => {
    const server = renderField();
    choose(fileOf('logo.gif', 'image/gif', 1000));
    expect(
      await screen.findByText('Error uploading image: Only JPEG or PNG images can be uploaded'),
    ).toBeTruthy();
    expect(server.callsTo('POST', LOGO_PATH)).toHaveLength(0);
  });

  it('uploads an image of exactly 2 MB, says so and shows it', async () => {
    const server = renderField();
    choose(fileOf('logo.jpg', 'image/jpeg', SITE_LIMITS.imageMaxBytes));
    expect(await screen.findByText('Image uploaded successfully')).toBeTruthy();
    expect(server.callsTo('POST', LOGO_PATH)).toHaveLength(1);
    const sent = server.fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect((sent.get('image') as File).name).toBe('logo.jpg');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toBe(
        '/files/sites/logo-2.png',
      ),
    );
  });

  it("says what went wrong with the server's own message", async () => {
    renderField(() => json({ message: 'The file is not a readable image' }, 400));
    choose(fileOf('logo.png', 'image/png', 2000));
    expect(await screen.findByText('Error uploading image: The file is not a readable image')).toBeTruthy();
  });
});
