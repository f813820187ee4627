import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, FILTER_TYPES, ROLE_NAMES, USER_STATUSES } from './enums';
import {
  ALL_PERMISSIONS,
  coversPermissions,
  hasPermission,
  isPermission,
  PERMISSION_GROUPS,
  PERMISSIONS,
} from './permissions';

describe('permission names', () => {
  it('names every GROUP:ACTION combination plus CONTRACT_REQUEST:SEARCH and ADMIN', () => {
    expect(ALL_PERMISSIONS).toHaveLength(PERMISSION_GROUPS.length * 4 + 2);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(PERMISSIONS.USER_WRITE).toBe('USER:WRITE');
    expect(PERMISSIONS.COMMERCIAL_OFFICE_READ).toBe('COMMERCIAL_OFFICE:READ');
    expect(PERMISSIONS.PROCESS_BIGCLIENT_WRITE).toBe('PROCESS_BIGCLIENT:WRITE');
    expect(PERMISSIONS.INVOICE_NOTIFY).toBe('INVOICE:NOTIFY');
    expect(PERMISSIONS.CONTRACT_REQUEST_SEARCH).toBe('CONTRACT_REQUEST:SEARCH');
    expect(PERMISSIONS.ADMIN).toBe('ADMIN');
  });

  it('contains every named permission of the spec', () => {
    const named = [
      'FAQ:READ',
      'FAQ:WRITE',
      'CONTRACT_REQUEST:SEARCH',
      'CONTRACT_REQUEST:READ',
      'CONTRACT_REQUEST:WRITE',
      'PROCESS_STATE:WRITE',
      'PROCESS_BIGCLIENT:WRITE',
      'PROCESS_RESIDENTIAL:WRITE',
      'TRACE:READ',
      'COMMERCIAL_OFFICE:READ',
      'COMMERCIAL_OFFICE:WRITE',
      'INVOICE:READ',
      'USER:WRITE',
      'ROLE:WRITE',
      'ADMIN',
    ];
    for (const name of named) expect(isPermission(name)).toBe(true);
  });

  it('rejects strings that are not permission names', () => {
    expect(isPermission('USER:FLY')).toBe(false);
    expect(isPermission('user:write')).toBe(false);
    expect(isPermission('')).toBe(false);
  });
});

describe('hasPermission', () => {
  it('grants when the holder has the required permission', () => {
    expect(hasPermission(['USER:WRITE'], 'USER:WRITE')).toBe(true);
  });

  it('denies when the holder lacks it', () => {
    expect(hasPermission(['USER:READ'], 'USER:WRITE')).toBe(false);
    expect(hasPermission([], 'FAQ:READ')).toBe(false);
  });

  it('grants when any one of several required permissions is held', () => {
    expect(
      hasPermission(['COMMERCIAL_OFFICE:WRITE'], ['COMMERCIAL_OFFICE:READ', 'COMMERCIAL_OFFICE:WRITE']),
    ).toBe(true);
    expect(hasPermission(['FAQ:READ'], ['COMMERCIAL_OFFICE:READ', 'COMMERCIAL_OFFICE:WRITE'])).toBe(false);
  });

  it('denies an empty any-of list unless the holder is ADMIN', () => {
    expect(hasPermission(['USER:READ'], [])).toBe(false);
    expect(hasPermission(['ADMIN'], [])).toBe(true);
  });

  it('grants everything to ADMIN', () => {
    for (const permission of ALL_PERMISSIONS) expect(hasPermission(['ADMIN'], permission)).toBe(true);
  });
});

describe('enumerations', () => {
  it('lists the spec values', () => {
    expect(USER_STATUSES).toEqual(['ACTIVE', 'UNVERIFIED', 'LOCK', 'DELETED']);
    expect(CLIENT_TYPES).toEqual(['RESIDENTIAL', 'STATE', 'ESTATE_BIG_CLIENT']);
    expect(FILTER_TYPES).toContain('GREATER_THAN');
    expect(ROLE_NAMES.SUPER_ADMIN).toBe('SUPER_ADMIN');
  });
});

describe('coversPermissions (act only on accounts with a subset of your permissions)', () => {
  it('lets ADMIN act on anyone and nobody else act on ADMIN', () => {
    expect(coversPermissions(['ADMIN'], ['ADMIN'])).toBe(true);
    expect(coversPermissions(['ADMIN'], ['USER:WRITE', 'TRACE:READ'])).toBe(true);
    expect(coversPermissions(['USER:WRITE', 'USER:READ', 'ROLE:WRITE'], ['ADMIN'])).toBe(false);
  });

  it('needs every permission of the target', () => {
    const securityAdmin = ['USER:READ', 'USER:WRITE', 'ROLE:WRITE', 'TRACE:READ'];
    expect(coversPermissions(securityAdmin, [])).toBe(true);
    expect(coversPermissions(securityAdmin, ['USER:READ', 'TRACE:READ'])).toBe(true);
    expect(coversPermissions(securityAdmin, securityAdmin)).toBe(true);
    expect(coversPermissions(securityAdmin, ['USER:READ', 'INVOICE:READ'])).toBe(false);
  });
});
