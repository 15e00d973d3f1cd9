import { SupportDirectoryError, type SupportContact, type SupportDirectory } from './support-directory';

export interface CrispOptions {
  identifier: string;
  key: string;
  websiteId: string;
  /** default https://api.crisp.chat (tests point it at a local fake) */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Crisp answers every call with this envelope (REST API v1). */
interface CrispAnswer {
  error?: boolean;
  reason?: string;
}

const TIMEOUT_MS = 10_000;

/**
 * The Crisp REST API v1 as a support directory (people profiles of one website), with a plugin token
 * (HTTP basic auth `identifier:key`, header `X-Crisp-Tier: plugin`). Per contact, keyed by email:
 *   HEAD  /v1/website/{website_id}/people/profile/{email}   200 = exists, 404 = not
 *   POST  /v1/website/{website_id}/people/profile           { email, person: { nickname }, segments }
 *   PATCH /v1/website/{website_id}/people/profile/{email}   { person: { nickname }, segments }
 *   PATCH /v1/website/{website_id}/people/data/{email}      { data: { fairway_user_id, role, sites, last_seen } }
 * Any other answer stops the export with a SupportDirectoryError naming the contact and Crisp's reason;
 * the counts are only answered once every contact went through.
 */
export class CrispSupportDirectory implements SupportDirectory {
  readonly provider = 'crisp';
  private readonly base: string;
  private readonly authorization: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CrispOptions) {
    this.base = `${(options.baseUrl ?? 'https://api.crisp.chat').replace(/\/$/, '')}/v1/website/${encodeURIComponent(options.websiteId)}`;
    this.authorization = `Basic ${Buffer.from(`${options.identifier}:${options.key}`).toString('base64')}`;
    this.fetch = options.fetch ?? fetch;
  }

  async upsert(contacts: SupportContact[]): Promise<{ created: number; updated: number }> {
    let created = 0;
    let updated = 0;
    for (const contact of contacts) {
      const person = encodeURIComponent(contact.email);
      const profile = {
        person: { nickname: contact.email },
        segments: ['fairway', contact.role],
      };
      const exists = await this.call(contact, 'HEAD', `/people/profile/${person}`, undefined, [200, 404]);
      if (exists === 404) {
        await this.call(contact, 'POST', '/people/profile', { email: contact.email, ...profile });
        created += 1;
      } else {
        await this.call(contact, 'PATCH', `/people/profile/${person}`, profile);
        updated += 1;
      }
      await this.call(contact, 'PATCH', `/people/data/${person}`, {
        data: {
          fairway_user_id: contact.userId,
          role: contact.role,
          sites: contact.sites.join(', '),
          last_seen: contact.lastSeen?.toISOString() ?? '',
        },
      });
    }
    return { created, updated };
  }

  /** One call; answers its status when it is one of `accept` (else any 2xx), throws otherwise. */
  private async call(
    contact: SupportContact,
    method: 'HEAD' | 'POST' | 'PATCH',
    path: string,
    body?: object,
    accept?: number[],
  ): Promise<number> {
    let res: Response;
    try {
      res = await this.fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          'x-crisp-tier': 'plugin',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SupportDirectoryError(
        `Crisp could not be reached (${error instanceof Error ? error.message : String(error)}); nothing was counted`,
      );
    }
    const ok = accept ? accept.includes(res.status) : res.ok;
    if (ok) {
      await res.body?.cancel();
      return res.status;
    }
    const answer = (await res.json().catch(() => ({}))) as CrispAnswer;
    throw new SupportDirectoryError(
      `Crisp refused ${method} ${path.split('/').slice(0, 3).join('/')} for ${contact.email}: ` +
        `${res.status} ${answer.reason ?? res.statusText}; the export stopped there`,
    );
  }
}
