import { describe, expect, it } from 'vitest';
import { firmwareUploadFields, firmwareVersionOfFileName } from './firmware';

describe('firmwareVersionOfFileName', () => {
  it.each([
    ['wifi-fw-2.4.1.bin', '2.4.1'],
    ['sim7600_v1.3.0-rc1.bin', '1.3.0-rc1'],
    ['tracker-10.2.BIN', '10.2'],
    ['SIM7000E-B04.bin', 'SIM7000E-B04'],
  ])('reads %s as %s', (name, version) => {
    expect(firmwareVersionOfFileName(name)).toBe(version);
  });

  it.each(['latest!.bin', '.bin', 'my firmware.bin'])('finds no version in %s', (name) => {
    expect(firmwareVersionOfFileName(name)).toBeNull();
  });
});

describe('firmwareUploadFields', () => {
  it('takes a SHA-256 in either case and refuses one of another length', () => {
    const sha = 'AB'.repeat(32);
    expect(firmwareUploadFields.parse({ folder: 'wifi', sha256: sha }).sha256).toBe(sha.toLowerCase());
    expect(firmwareUploadFields.safeParse({ folder: 'wifi', sha256: 'abc' }).success).toBe(false);
    expect(firmwareUploadFields.safeParse({ folder: 'esp' }).success).toBe(false);
  });
});
