import { PDFDocument, PDFName } from 'pdf-lib';

/**
 * An uploaded PDF rebuilt with its pages only, so nothing in it can act when staff open it.
 *
 * A new document receives copies of the uploaded pages. What lives in the old document's catalogue —
 * `/OpenAction`, `/AA`, `/Names` (JavaScript, EmbeddedFiles), `/AcroForm` (forms, XFA), `/URI`,
 * outlines with actions — is never copied. Before copying, each page loses its own actions (`/AA`)
 * and annotations (`/Annots`: links with JavaScript or Launch actions, file attachments, widgets,
 * media), so none of the objects they point at is carried over either. Page content, fonts and images
 * stay as they were. Written without object streams, so what is stored can be checked byte by byte.
 *
 * Throws (the caller answers 478) when the file cannot be read as a PDF, is encrypted or has no page.
 */
export async function rebuildPdf(bytes: Buffer): Promise<Buffer> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = source.getPages();
  if (!pages.length) throw new Error('a PDF without pages');
  for (const page of pages) {
    for (const key of ['AA', 'Annots', 'B', 'PieceInfo', 'Thumb']) page.node.delete(PDFName.of(key));
  }
  const clean = await PDFDocument.create({ updateMetadata: false });
  const copies = await clean.copyPages(
    source,
    pages.map((_, i) => i),
  );
  for (const page of copies) clean.addPage(page);
  return Buffer.from(await clean.save({ useObjectStreams: false }));
}

/** Keys that make a PDF act when opened or clicked (for the tests that check a stored file). */
export const ACTIVE_PDF_KEYS = [
  '/JavaScript',
  '/JS',
  '/OpenAction',
  '/AA',
  '/Launch',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/AcroForm',
  '/XFA',
  '/RichMedia',
  '/SubmitForm',
  '/ImportData',
  '/GoToR',
  '/GoToE',
];
