/** The auth module's door: what app.ts, the container and other modules use. */
export { type AuthRepository, createAuthRepository } from './auth.repository';
export { authRoutes } from './auth.routes';
export {
  type AuthService,
  createAuthService,
  type SecondStepPolicy,
  type SessionTokens,
} from './auth.service';
export { createLinkTokens, type LinkTokens } from './links';
export { createDeviceTokens, createSignInThrottle, type SignInThrottle } from './sign-in-throttle';
export { createTokenSigner, hashToken, type SecondFactorStage, type TokenSigner } from './tokens';
