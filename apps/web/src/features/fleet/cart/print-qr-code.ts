/**
 * Opens a print-friendly window with the QR code alone (title, code, link) and the print dialog.
 * Built with DOM calls rather than an HTML string, so no text can turn into markup. Returns false when
 * the browser blocked the window.
 */
export function printQrCode({
  title,
  imageUrl,
  link,
}: {
  title: string;
  imageUrl: string;
  link: string;
}): boolean {
  const printWindow = window.open('', '_blank', 'width=480,height=640');
  if (!printWindow) return false;
  const doc = printWindow.document;
  doc.title = title;

  const style = doc.createElement('style');
  style.textContent =
    'body{font-family:system-ui,sans-serif;text-align:center;margin:32px}' +
    'img{width:280px;height:280px;image-rendering:pixelated}p{word-break:break-all;color:#444}';
  const heading = doc.createElement('h1');
  heading.textContent = title;
  const image = doc.createElement('img');
  image.alt = title;
  const caption = doc.createElement('p');
  caption.textContent = link;
  doc.head.append(style);
  doc.body.append(heading, image, caption);

  // Print once the image is drawn, otherwise the page may print without it.
  image.addEventListener('load', () => {
    printWindow.focus();
    printWindow.print();
  });
  image.src = imageUrl;
  return true;
}
