/**
 * Who is acting: the application core's view of a signed-in caller, free of HTTP. Services take it
 * as an argument; the access plugin (plugins/access.ts) loads it for each request, the notification
 * stream and the seeds build it the same way (`loadPrincipal`).
 */
export interface Principal {
  userId: string;
  space: string;
  roles: string[];
  permissions: string[];
  isSuperAdmin: boolean;
  isCustomer: boolean;
  /** An administrator set a temporary password: only the password change is open (474). */
  mustChangePassword: boolean;
  /** The sign-in (refresh-token family) the caller's token belongs to. */
  sessionId?: string;
  /**
   * A staff sign-in whose second factor is still owed (issue 30): only the second-step routes are
   * open (610 to present one, 611 to set one up).
   */
  secondFactor?: 'verify' | 'enrol';
}
