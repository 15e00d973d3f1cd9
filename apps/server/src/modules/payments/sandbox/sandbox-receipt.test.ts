import { describe, expect, it } from 'vitest';
import { formatMinorUnits, receiptHtml, type SandboxReceipt } from './sandbox-receipt';

const receipt: SandboxReceipt = {
  chargeId: 'ch_sbx_1',
  businessName: 'Links <Trust> & "Friends"',
  productName: 'Cart ride',
  description: '',
  amount: 2500,
  currency: 'GBP',
  paidAt: new Date('2026-03-10T15:04:00Z'),
  cardLast4: '4242',
  refunded: false,
};

describe('sandbox receipt', () => {
  it('formats minor units in the currency’s own number of decimals', () => {
    expect(formatMinorUnits(2500, 'GBP')).toBe('£25.00');
    expect(formatMinorUnits(1999, 'eur')).toBe('€19.99');
    expect(formatMinorUnits(500, 'JPY')).toBe('JP¥500');
    expect(formatMinorUnits(12345, 'KWD')).toMatch(/^KWD\s12\.345$/); // three decimals
  });

  it('escapes what club admins typed', () => {
    const html = receiptHtml(receipt);
    expect(html).toContain('Links &lt;Trust&gt; &amp; &quot;Friends&quot;');
    expect(html).not.toContain('<Trust>');
  });

  it('shows amount, date, card and the sandbox note, and says when it was refunded', () => {
    const html = receiptHtml(receipt);
    expect(html).toContain('£25.00');
    expect(html).toContain('10 March 2026 at 15:04 UTC');
    expect(html).toContain('Card ending in 4242');
    expect(html).toContain('Sandbox — no real money');
    expect(html).not.toContain('Refunded');
    expect(receiptHtml({ ...receipt, refunded: true })).toContain('Refunded');
  });
});
