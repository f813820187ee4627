import { FEATURES } from '@ov/domain/constants';
import { PERMISSIONS } from '@ov/domain/permissions';
import { describe, expect, it } from 'vitest';
import { type AccessContext, accessContextOf, type Features } from '../lib/access';
import { buildMenu, type MenuNode, selectedMenuKeys } from './menu';

const features: Features = { ...FEATURES };
const staff = (permissions: string[], overrides: Partial<Features> = {}): AccessContext =>
  accessContextOf(
    { permissions, roles: [{ role: { name: 'STAFF', superAdmin: false } }] },
    { ...features, ...overrides },
  );
const customer = (overrides: Partial<Features> = {}): AccessContext =>
  accessContextOf(
    { permissions: [], roles: [{ role: { name: 'USER', superAdmin: false } }] },
    { ...features, ...overrides },
  );

/** Flattened "key" or "parent>key" list, easy to compare. */
function keys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((node) =>
    node.children ? node.children.map((child) => `${node.key}>${child.key}`) : [node.key],
  );
}

describe('menu gating (spec §6)', () => {
  it('gives the super administrator the dashboard and every admin entry, but no customer entries', () => {
    const admin = accessContextOf(
      { permissions: [PERMISSIONS.ADMIN], roles: [{ role: { name: 'SUPER_ADMIN', superAdmin: true } }] },
      features,
    );
    const tree = buildMenu(admin);
    // The dashboard is the staff's: no "Cliente" group title above it.
    expect(keys(tree.customer)).toEqual([]);
    expect(keys(tree.admin)).toEqual([
      'dashboard',
      'adminPaymentRecord',
      'staffClientCodes',
      'contractRequests>contractRequestState',
      'contractRequests>contractRequestBigClient',
      'contractRequests>contractRequestResidential',
      'contractRequests>contractRequestAdmins',
      'security>users',
      'security>permissions',
      'security>traces',
      'security>securityLog',
      'settings',
      'nomenclators>commercialOffices',
      'nomenclators>municipalities',
      'nomenclators>faqsConfiguration',
    ]);
  });

  it('gives a customer client codes, payments and payment record; payments only when enabled', () => {
    expect(keys(buildMenu(customer()).customer)).toEqual([
      'clientCodes',
      'payments',
      'paymentRecord',
      'contractRequestDetails',
    ]);
    expect(buildMenu(customer()).admin).toEqual([]);
    expect(keys(buildMenu(customer({ payments: false })).customer)).toEqual([
      'clientCodes',
      'contractRequestDetails',
    ]);
  });

  it('treats a user without role but also without staff permissions as a customer', () => {
    const plain = accessContextOf({ permissions: ['FAQ:READ'], roles: [] }, features);
    expect(keys(buildMenu(plain).customer)).toEqual([
      'clientCodes',
      'payments',
      'paymentRecord',
      'contractRequestDetails',
    ]);
  });

  it('shows each contract-request queue only with its process permission; all sectors with CONTRACT_REQUEST', () => {
    expect(keys(buildMenu(staff([PERMISSIONS.PROCESS_STATE_WRITE])).admin)).toEqual([
      'contractRequests>contractRequestState',
    ]);
    expect(keys(buildMenu(staff([PERMISSIONS.PROCESS_RESIDENTIAL_WRITE])).admin)).toEqual([
      'contractRequests>contractRequestResidential',
    ]);
    expect(keys(buildMenu(staff([PERMISSIONS.CONTRACT_REQUEST_SEARCH])).admin)).toEqual([
      'contractRequests>contractRequestAdmins',
    ]);
    expect(
      keys(buildMenu(staff([PERMISSIONS.PROCESS_STATE_WRITE, PERMISSIONS.PROCESS_BIGCLIENT_WRITE])).admin),
    ).toEqual(['contractRequests>contractRequestState', 'contractRequests>contractRequestBigClient']);
  });

  it('gates security, nomenclators, FAQ configuration and the admin payment record by permission', () => {
    expect(keys(buildMenu(staff([PERMISSIONS.USER_WRITE])).admin)).toEqual(['security>users']);
    expect(keys(buildMenu(staff([PERMISSIONS.ROLE_WRITE])).admin)).toEqual(['security>permissions']);
    expect(keys(buildMenu(staff([PERMISSIONS.TRACE_READ])).admin)).toEqual([
      'security>traces',
      'security>securityLog',
    ]);
    expect(keys(buildMenu(staff([PERMISSIONS.COMMERCIAL_OFFICE_READ])).admin)).toEqual([
      'nomenclators>commercialOffices',
    ]);
    expect(keys(buildMenu(staff([PERMISSIONS.COMMERCIAL_OFFICE_WRITE])).admin)).toEqual([
      'nomenclators>commercialOffices',
    ]);
    expect(keys(buildMenu(staff([PERMISSIONS.FAQ_WRITE])).admin)).toEqual(['nomenclators>faqsConfiguration']);
    expect(keys(buildMenu(staff([PERMISSIONS.INVOICE_READ])).admin)).toEqual([
      'adminPaymentRecord',
      'staffClientCodes',
    ]);
    expect(keys(buildMenu(staff([PERMISSIONS.TRANSFERMOVIL_READ])).admin)).toEqual(['adminPaymentRecord']);
    expect(buildMenu(staff([PERMISSIONS.USER_WRITE])).customer).toEqual([]);
  });

  it('highlights the entry of the current page, including detail routes under a list', () => {
    const tree = buildMenu(staff([PERMISSIONS.USER_WRITE]));
    expect(selectedMenuKeys(tree, '/admin/users/abc/edit')).toEqual({
      selected: ['users'],
      open: ['security'],
    });
    expect(selectedMenuKeys(tree, '/nowhere')).toEqual({ selected: [], open: [] });
  });
});
