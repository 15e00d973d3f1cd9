/**
 * The few admin API calls the CLI needs to give simulated carts real credentials: log in, register a
 * device (the server answers with its id and MQTT secret) and move devices to a site.
 */
export interface RegisteredDevice {
  _id: string;
  serial: string;
  secret: string;
}

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const TIMEOUT_MS = 15_000;

export class AdminApi {
  private token: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly credentials: { email: string; password: string },
  ) {}

  async login(): Promise<void> {
    const body = await this.request<{ accessToken?: string }>(
      'POST',
      '/api/dashboard/auth/login',
      this.credentials,
      false,
    );
    if (!body.accessToken) throw new AdminApiError(500, 'Login answered without an accessToken');
    this.token = body.accessToken;
  }

  registerDevice(serial: string): Promise<RegisteredDevice> {
    return this.request<RegisteredDevice>('POST', '/api/admin/devices', { serial });
  }

  async moveDevices(ids: string[], updateData: { siteID: string; carNumber?: string }): Promise<void> {
    await this.request('PATCH', '/api/admin/devices', { ids, updateData });
  }

  /** One request; a 401 (expired access token) logs in again once and retries. */
  private async request<T>(
    method: string,
    path: string,
    body: unknown,
    authorised = true,
    retried = false,
  ): Promise<T> {
    if (authorised && !this.token) await this.login();
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          'content-type': 'application/json',
          ...(authorised ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AdminApiError(0, `${method} ${path} failed: ${(error as Error).message}`);
    }
    if (response.status === 401 && authorised && !retried) {
      await this.login();
      return this.request<T>(method, path, body, authorised, true);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text for the error message
    }
    if (!response.ok) {
      const message = (parsed as { message?: unknown } | undefined)?.message;
      throw new AdminApiError(
        response.status,
        `${method} ${path} → ${response.status}: ${typeof message === 'string' ? message : text.slice(0, 200)}`,
      );
    }
    return parsed as T;
  }
}
