/// <reference types="node" />
import { readFileSync } from 'node:fs';

/**
 * Test helpers for the import: the committed fixture files as bytes, and the Blob.arrayBuffer() that
 * browsers have and jsdom lacks (read through jsdom's FileReader instead).
 */
export const fixtureBytes = (name: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(readFileSync(`${import.meta.dirname}/fixtures/${name}`));

export const fixtureFile = (name: string, fileName = name): File =>
  new File([fixtureBytes(name)], fileName, { type: 'text/csv' });

export function installBlobArrayBuffer(): void {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
      reader.readAsArrayBuffer(this);
    });
  };
}
