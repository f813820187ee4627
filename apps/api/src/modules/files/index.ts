/** The files module's door: what app.ts, the container and other modules use. */
export { createFilesRepository, type FilesRepository } from './files.repository';
export { filesRoutes } from './files.routes';
export { createFilesService, type FilesService } from './files.service';
export { isPdf, reencodeDocumentImage } from './images';
export { documentStorage, type FileStorage, imageStorage } from './storage';
