import type { CodeFindResult, CodeView, CodesPublishResult } from '@fairway/domain';
import type { DeviceConfigPublisher } from '../../context';
import { conflict, notFound, type HttpError } from '../../lib/errors';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { SitesRepository } from '../sites/sites.repository';
import type { SiteRow } from '../sites/sites.presenter';
import { opensCart } from './cart-codes';
import {
  CODE_MESSAGES,
  codeTaken,
  settleCode,
  type CodeCreate,
  type CodePatch,
  type CodeSite,
} from './code-rules';
import { presentCode, type CodeRow } from './codes.presenter';
import type { CodeConflict, CodeMember, CodesRepository, CodeWrite } from './codes.repository';

/**
 * Members' codes (issue #4): the rules live in `settleCode`, the unique indexes decide duplicates, and a
 * code reaches the carts only when the site's codes are published (`publish`), as a new config version.
 */
export class CodesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly sites: SitesRepository,
    private readonly mail: Mailer,
    private readonly deviceConfig: DeviceConfigPublisher,
  ) {}

  async create(siteId: string, body: CodeCreate): Promise<CodeView> {
    const member = await this.codes.member(siteId, body.driver);
    if (!member) throw notFound(CODE_MESSAGES.memberNotFound);
    const site = await this.site(siteId);
    const values = settleCode(null, body, await this.codeSite(site), new Date());
    const row = saved(await this.codes.insert({ siteId, memberId: member.id, ...values }), values.type);
    return body.sendEmail ? this.emailRow(row, member, site) : presentCode(row);
  }

  async update(siteId: string, id: string, body: CodePatch): Promise<CodeView> {
    const current = await this.findOrFail(siteId, id);
    const site = await this.site(siteId);
    const values = settleCode(current, body, await this.codeSite(site), new Date());
    const write = await this.codes.update(siteId, id, values);
    if (!write) throw notFound(CODE_MESSAGES.notFound);
    const row = saved(write, values.type);
    if (!body.sendEmail) return presentCode(row);
    return this.emailRow(row, await this.memberOf(row), site);
  }

  async delete(siteId: string, id: string): Promise<void> {
    if (!(await this.codes.delete(siteId, id))) throw notFound(CODE_MESSAGES.notFound);
  }

  /** Find Code (spec §2): who holds a code or tag of the site. */
  async find(siteId: string, value: string): Promise<CodeFindResult> {
    const found = await this.codes.findByValue(siteId, value);
    if (!found) throw notFound(CODE_MESSAGES.notFound);
    const { member, code } = found;
    return {
      name: member.name,
      email: member.email,
      company: member.company,
      phone: member.phone,
      type: code.type,
    };
  }

  /** Sends the member their code again; answers when it was sent. */
  async email(siteId: string, id: string): Promise<{ emailSent: string }> {
    const row = await this.findOrFail(siteId, id);
    const view = await this.emailRow(row, await this.memberOf(row), await this.site(siteId));
    return { emailSent: view.emailSent! };
  }

  /**
   * Puts the site's codes into every cart's config ('code'). `codes` counts the distinct member codes now in
   * at least one cart's config; the site's master code, in every config, is not counted.
   */
  async publish(siteId: string): Promise<CodesPublishResult> {
    const { devices } = await this.deviceConfig.publishSite(siteId, ['code']);
    if (devices === 0) return { devices, codes: 0 };
    const [published, carNumbers] = await Promise.all([
      this.codes.cartCodes(siteId, new Date()),
      this.codes.carNumbers(siteId),
    ]);
    const codes = published.filter(
      (code) => code.allDevices || carNumbers.some((carNumber) => opensCart(code, carNumber)),
    );
    return { devices, codes: codes.length };
  }

  private async emailRow(row: CodeRow, member: CodeMember, site: SiteRow): Promise<CodeView> {
    await this.mail.send({
      to: member.email,
      ...renderMail('memberCode', member.lang, {
        name: member.name,
        siteName: site.name,
        code: row.code,
        type: row.type,
        carts: row.allDevices ? 'all' : row.devices,
        expires: row.expires,
        timeZone: site.timezone,
      }),
    });
    const emailSentAt = new Date();
    await this.codes.markEmailed(row.siteId, row.id, emailSentAt);
    return presentCode({ ...row, emailSentAt });
  }

  private async findOrFail(siteId: string, id: string): Promise<CodeRow> {
    const row = await this.codes.find(siteId, id);
    if (!row) throw notFound(CODE_MESSAGES.notFound);
    return row;
  }

  /** A code's member; the foreign key cascades, so one is missing only if deleted a moment ago. */
  private async memberOf(row: CodeRow): Promise<CodeMember> {
    const member = await this.codes.member(row.siteId, row.memberId);
    if (!member) throw notFound(CODE_MESSAGES.memberNotFound);
    return member;
  }

  private async site(siteId: string): Promise<SiteRow> {
    const site = await this.sites.find(siteId);
    // The route guard checked the site a moment ago; it can only have been deleted since.
    if (!site) throw notFound('Site not found');
    return site;
  }

  private async codeSite(site: SiteRow): Promise<CodeSite> {
    return {
      keypadEnabled: site.keypadEnabled,
      masterUnlock: site.masterUnlock,
      carNumbers: await this.codes.carNumbers(site.id),
    };
  }
}

const CONFLICT_ERRORS: Record<CodeConflict, (type: CodeRow['type']) => HttpError> = {
  code: codeTaken,
  type: (type) => conflict(CODE_MESSAGES.typeTaken(type), 'typeTaken'),
};

/** The stored row, or the 409 of the unique index the write broke. */
function saved(write: CodeWrite, type: CodeRow['type']): CodeRow {
  if ('conflict' in write) throw CONFLICT_ERRORS[write.conflict](type);
  return write.row;
}
