/** The factors module's door (issue 30: passkeys, and a second factor for staff). */
export { createSecretBox, type SecretBox } from './factors.crypto';
export { createPasskeyCeremonies, relyingPartyOf } from './factors.passkeys';
export { createSecondStepPolicy } from './factors.policy';
export { createFactorsRepository, type FactorsRepository } from './factors.repository';
export { factorsRoutes } from './factors.routes';
export { createFactorsService, type FactorsService, totpStep } from './factors.service';
