/** What a sandbox receipt shows. */
export interface SandboxReceipt {
  chargeId: string;
  businessName: string;
  productName: string;
  description: string;
  /** minor units */
  amount: number;
  currency: string;
  paidAt: Date;
  cardLast4: string;
  refunded: boolean;
}

/** The page's own style and nothing else: it loads no script, font or image (see the route's CSP). */
const STYLE = `
body{margin:0;background:#f6f8fa;color:#1a1f36;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:2rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:600;margin:.5rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:#57606a}dd{margin:0}
.note{margin:1.5rem 0 0;padding:.5rem .75rem;background:#fff8c5;border-radius:.25rem;font-size:.875rem}
.refunded{color:#a40e26;font-weight:600}`;

/** Amount of minor units in the currency's own format, e.g. 1250 GBP → "£12.50", 500 JPY → "¥500". */
export function formatMinorUnits(amount: number, currency: string, locale = 'en-GB'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * The receipt a charge's `receipt_url` opens, as Stripe's hosted receipt: a small self-contained page in
 * English (the provider's page, not the app's), marked as sandbox money. Every value is escaped, since the
 * business and product names come from club admins.
 */
export function receiptHtml(receipt: SandboxReceipt): string {
  const amount = escapeHtml(formatMinorUnits(receipt.amount, receipt.currency));
  const business = escapeHtml(receipt.businessName);
  const paidAt = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(receipt.paidAt);
  const details = receipt.description ? `<dt>Details</dt><dd>${escapeHtml(receipt.description)}</dd>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Receipt from ${business}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Receipt from ${business}</h1>
<p class="amount">${amount}</p>
${receipt.refunded ? '<p class="refunded">Refunded</p>' : ''}
<dl>
<dt>Paid for</dt><dd>${escapeHtml(receipt.productName)}</dd>
${details}
<dt>Date paid</dt><dd><time datetime="${receipt.paidAt.toISOString()}">${paidAt} UTC</time></dd>
<dt>Payment method</dt><dd>Card ending in ${escapeHtml(receipt.cardLast4)}</dd>
<dt>Receipt number</dt><dd>${escapeHtml(receipt.chargeId)}</dd>
</dl>
<p class="note" role="note">Sandbox — no real money was charged.</p>
</main>
</body>
</html>
`;
}
