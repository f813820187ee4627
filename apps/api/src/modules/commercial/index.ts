/**
 * The utility's commercial system over HTTP (design §7, COMMERCIAL_SYSTEM=http): the adapter that
 * implements billing's `CommercialSystem` against contracts/commercial-system.v1.yaml, the posting
 * outbox, the change feed reader, the reconciliation report and the system's health. Built once in
 * the composition root (src/container.ts, `buildCommercialSystem`). Tables: db/schema/commercial.ts.
 */

export { type ClaimsRepository, createClaimsRepository } from './claims.repository';
export * from './commercial.client';
export { createHttpCommercialSystem, type HttpCommercialDeps } from './commercial-system.http';
export { createDirectoryRepository, type DirectoryRepository } from './directory.repository';
export {
  createFeedRepository,
  type FeedRepository,
} from './feed.repository';
export { type CommercialFeed, compareCursors, createCommercialFeed, type FeedPass } from './feed.service';
export { createLastKnownRepository, type LastKnownRepository } from './last-known.repository';
export {
  createPostingsRepository,
  type NewPosting,
  type PostingRow,
  type PostingsRepository,
} from './postings.repository';
export { postingsRoutes } from './postings.routes';
export {
  backoffMs,
  createPostingsService,
  type PostingPass,
  type PostingsService,
  toPostingDto,
} from './postings.service';
export {
  type CommercialStatus,
  type CommercialStatusService,
  createCommercialStatus,
} from './status.service';
