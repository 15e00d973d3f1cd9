import type { Logger } from 'pino';
import {
  API_KEY_PREFIX,
  apiKeyPattern,
  type ClientBody,
  type ClientPatchBody,
  type ClientSaved,
  type ClientView,
} from '@fairway/domain';
import { HttpError, badRequest } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import type { ApiClientIdentity, ApiKeyLookup } from '../../plugins/api-key';
import { ApiKeyUsage } from './api-key-usage';
import { toClientView } from './clients.presenter';
import type { ApiClientsRepository } from './clients.repository';

/** How much of the key (after the prefix) the console shows to tell keys apart. */
const PREVIEW_LENGTH = 8;

/** A fresh key: the prefix and 32 random bytes (base64url, 43 characters); only its SHA-256 is kept. */
function newKey(): { apiKey: string; keyHash: string; keyPreview: string } {
  const apiKey = `${API_KEY_PREFIX}${randomToken(32)}`;
  return {
    apiKey,
    keyHash: hashToken(apiKey),
    keyPreview: apiKey.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + PREVIEW_LENGTH),
  };
}

const clientNotFound = () => new HttpError(404, 'Client not found', 'clientNotFound');

/**
 * API clients (spec §3 Client, §7 Admin /clients; issue 21 item 5): partner apps and booking systems. A key is
 * shown once, when made; deleting a client or making a new key stops the old key at once, because every
 * call looks its key up afresh (no cache to outlive a revocation).
 */
export class ApiClientsService implements ApiKeyLookup {
  private readonly usage: ApiKeyUsage;

  constructor(
    private readonly repo: ApiClientsRepository,
    log: Logger,
  ) {
    this.usage = new ApiKeyUsage((deltas) => this.repo.addUsage(deltas), log);
  }

  async list(): Promise<ClientView[]> {
    // The counts of the last few seconds are still in memory: write them first, so the list is current.
    await this.usage.flush();
    return (await this.repo.list()).map(toClientView);
  }

  async create(body: ClientBody & { sites: string[] }): Promise<ClientSaved> {
    const sites = await this.knownSites(body.sites);
    const { apiKey, keyHash, keyPreview } = newKey();
    const row = await this.repo.insert({ name: body.name, sites, keyHash, keyPreview });
    return { client: toClientView(row), apiKey };
  }

  async update(id: string, body: ClientPatchBody): Promise<ClientSaved> {
    if (!(await this.repo.find(id))) throw clientNotFound();
    const sites = body.sites === undefined ? undefined : await this.knownSites(body.sites);
    const key = body.regenerateKey ? newKey() : null;
    const row = await this.repo.update(id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(sites === undefined ? {} : { sites }),
      ...(key ? { keyHash: key.keyHash, keyPreview: key.keyPreview } : {}),
    });
    if (!row) throw clientNotFound();
    return key ? { client: toClientView(row), apiKey: key.apiKey } : { client: toClientView(row) };
  }

  /** Its bookings stay (source 'client', no longer linked to a client); its key stops at once. */
  async remove(id: string): Promise<void> {
    if (!(await this.repo.delete(id))) throw clientNotFound();
  }

  /**
   * The client holding `key`, counted as one use, or null. A key of the wrong shape costs no query; any
   * other is one probe of a unique index by its SHA-256, so the time taken says nothing about near misses.
   */
  async authenticate(key: string): Promise<ApiClientIdentity | null> {
    if (!apiKeyPattern.test(key)) return null;
    const client = await this.repo.findByKeyHash(hashToken(key));
    if (!client) return null;
    this.usage.count(client.id);
    return client;
  }

  /** Writes the counted uses still in memory (the server's close). */
  flushUsage(): Promise<void> {
    return this.usage.flush();
  }

  /** The ids deduplicated, or 400 naming the first that is no club. */
  private async knownSites(ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const unknown = await this.repo.unknownSites(unique);
    if (unknown.length > 0) throw badRequest(`sites: Site ${unknown[0]} not found`);
    return unique;
  }
}
