/** The auth module's door: what app.ts, the container and other modules use. */
export { authRoutes } from './auth.routes';
export { type AuthService, createAuthService } from './auth.service';
export { revokeUserSessions } from './sessions';
export { createDeviceTokens } from './sign-in-throttle';
export { createTokenSigner, hashToken, type TokenSigner } from './tokens';
