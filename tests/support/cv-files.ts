import { crc32 } from 'node:zlib';

/** A zip archive with its entries stored as they are, as office formats begin (no central directory needed to tell them apart). */
function storedZip(entries: [name: string, content: string][]): Buffer {
  return Buffer.concat(
    entries.flatMap(([name, content]) => {
      const data = Buffer.from(content, 'utf8');
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt32LE(crc32(data), 14);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(data.length, 22);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return [header, Buffer.from(name, 'utf8'), data];
    }),
  );
}

/** Small files of each kind the careers form takes, recognisable by their first bytes. */
export const CV_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  docx: storedZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<w:document/>'],
  ]),
  odt: storedZip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<office:document-content/>'],
  ]),
  /** A PNG called a PDF: refused by its bytes. */
  pngNamedPdf: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
} as const;
