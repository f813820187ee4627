import { fileURLToPath } from 'node:url';

/** The contract's OpenAPI document: contracts/commercial-system.v1.yaml at the repository's root. */
export const CONTRACT_PATH = fileURLToPath(
  new URL('../../../contracts/commercial-system.v1.yaml', import.meta.url),
);
