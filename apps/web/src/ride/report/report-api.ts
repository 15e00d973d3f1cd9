import type { DamageCategory, DamageReportReceipt } from '@fairway/domain';
import { DAMAGE_PHOTO_FIELD } from '@fairway/domain/rules/damage-reports';
import { GUEST_API_BASE, GuestApiError } from '../api/http';

export interface ReportForm {
  category: DamageCategory;
  description: string;
  photo: File | null;
}

/**
 * A 10 MB photo over a course's weak mobile signal takes a while; the guest sees the progress meanwhile,
 * so the wait may be far longer than the 15 s of an ordinary guest call.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/guest/devices/{id}/damage-reports as multipart: the text fields first, then the photo. Sent with
 * XMLHttpRequest rather than fetch, because only it reports the upload's progress. Failures are the guest
 * API's errors (status, message, code, a 429's wait), like every other guest call.
 */
export function sendReport(
  deviceId: string,
  form: ReportForm,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DamageReportReceipt> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${GUEST_API_BASE}/devices/${encodeURIComponent(deviceId)}/damage-reports`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (isRecord(data) && typeof data._id === 'string' && typeof data.cartBlocked === 'boolean')
          resolve(data as unknown as DamageReportReceipt);
        else reject(new GuestApiError(502, 'The server sent an unexpected answer', 'badAnswer'));
        return;
      }
      const message = isRecord(data) && typeof data.message === 'string' ? data.message : xhr.statusText;
      const code = isRecord(data) && typeof data.code === 'string' ? data.code : undefined;
      const wait = isRecord(data) && typeof data.retryAfter === 'number' ? data.retryAfter : undefined;
      reject(new GuestApiError(xhr.status, message || `HTTP ${xhr.status}`, code, wait));
    };
    xhr.onerror = () => {
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      reject(new GuestApiError(0, 'Network error', offline ? 'offline' : 'network'));
    };
    xhr.ontimeout = () => reject(new GuestApiError(0, 'The server did not answer in time', 'timeout'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append('category', form.category);
    body.append('description', form.description);
    // A neutral name: the phone's own file name (a date, a place) is nobody's business; the server ignores it.
    if (form.photo) body.append(DAMAGE_PHOTO_FIELD, form.photo, 'photo');
    xhr.send(body);
  });
}
