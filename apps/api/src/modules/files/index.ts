/** The files module's door: what app.ts, the container and other modules use. */
export { filesRoutes } from './files.routes';
export { isPdf, reencodeDocumentImage } from './images';
export {
  createLocalFileStorage,
  documentStorage,
  type FileStorage,
  imageStorage,
  STORED_DOCUMENT_NAME,
} from './storage';
