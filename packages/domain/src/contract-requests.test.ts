import { describe, expect, it } from 'vitest';
import {
  annulRefusal,
  contractRequestProblems,
  formatRequestId,
  isStaffTransition,
  mayProcessSector,
  normalizeRequestId,
  REQUEST_ID_ALPHABET,
  requestIdFromBytes,
  staffTransitionsFrom,
  visibleSectors,
} from './index';

const home = { street: 'Calle 23', number: '1054', between1: 'Calle 10', between2: 'Calle 12' };
const residential = {
  sector: 'RESIDENTIAL',
  procedureType: 'NEW_CONTRACT',
  fullName: 'Lucía Fernández Mora',
  nationalId: '85010112345',
  phone: '+5352998877',
  municipality: 2,
  address: home,
  nucleusPeople: 4,
};

describe('request IDs', () => {
  it('reads any case, with or without the dash or spaces, and refuses look-alikes', () => {
    expect(normalizeRequestId(' haban-agua2 ')).toBe('HABANAGUA2');
    expect(normalizeRequestId('HABAN AGUA2')).toBe('HABANAGUA2');
    expect(normalizeRequestId('HABAN-AGUA0')).toBeNull(); // 0 is not in the alphabet
    expect(normalizeRequestId('HABAN-AGUAI')).toBeNull(); // nor I
    expect(normalizeRequestId('HABAN-AGUA')).toBeNull();
    expect(formatRequestId('habanagua2')).toBe('HABAN-AGUA2');
  });

  it('maps random bytes uniformly onto 32 characters without look-alikes', () => {
    expect(REQUEST_ID_ALPHABET).toHaveLength(32);
    expect(REQUEST_ID_ALPHABET).not.toMatch(/[IO01]/);
    const id = requestIdFromBytes(Uint8Array.from([0, 31, 32, 63, 255, 1, 2, 3, 4, 5]));
    expect(id).toMatch(new RegExp(`^[${REQUEST_ID_ALPHABET}]{10}$`));
    expect(id[0]).toBe(REQUEST_ID_ALPHABET[0]);
    expect(id[1]).toBe(REQUEST_ID_ALPHABET[31]);
    expect(id[2]).toBe(REQUEST_ID_ALPHABET[0]); // 32 & 31 = 0: each byte's low five bits
    expect(() => requestIdFromBytes(new Uint8Array(9))).toThrow();
  });
});

describe('the status machine', () => {
  it('lets staff take, review, prepare and sign, and step back; DEBT_PENDING is the ledger’s', () => {
    expect(staffTransitionsFrom('NEW')).toEqual(['PENDING']);
    expect(staffTransitionsFrom('REVIEW')).toEqual(['PENDING', 'SIGNATURE_READY']);
    expect(staffTransitionsFrom('SIGNED')).toEqual([]);
    expect(isStaffTransition('PENDING', 'DEBT_PENDING')).toBe(false);
    expect(isStaffTransition('DEBT_PENDING', 'PENDING')).toBe(false);
    expect(isStaffTransition('NEW', 'SIGNED')).toBe(false);
  });

  it('annuls residential requests only, never a signed or an annulled one', () => {
    expect(annulRefusal('RESIDENTIAL', 'REVIEW')).toBeNull();
    expect(annulRefusal('STATE', 'NEW')).toBe(455);
    expect(annulRefusal('RESIDENTIAL', 'SIGNED')).toBe(435);
    expect(annulRefusal('RESIDENTIAL', 'ANNULLED')).toBe(457);
  });

  it('opens a sector to its process permission, every sector to CONTRACT_REQUEST and ADMIN', () => {
    expect(visibleSectors(['PROCESS_RESIDENTIAL:WRITE'])).toEqual(['RESIDENTIAL']);
    expect(visibleSectors(['CONTRACT_REQUEST:SEARCH'])).toHaveLength(3);
    expect(visibleSectors(['ADMIN'])).toHaveLength(3);
    expect(visibleSectors(['USER:READ'])).toEqual([]);
    expect(mayProcessSector(['PROCESS_RESIDENTIAL:WRITE'], 'STATE')).toBe(false);
    expect(mayProcessSector(['CONTRACT_REQUEST:SEARCH'], 'STATE')).toBe(false); // reads, does not act
    expect(mayProcessSector(['CONTRACT_REQUEST:WRITE'], 'STATE')).toBe(true);
  });
});

describe('what a request needs', () => {
  const refs = (input: object, opts = {}) =>
    contractRequestProblems({ ...residential, ...input } as never, opts).map(
      (p) => `${p.field}:${p.reference}`,
    );

  it('accepts a complete residential request', () => {
    expect(refs({})).toEqual([]);
  });

  it('asks state and big clients for the entity, its representative and a 16-digit account', () => {
    expect(refs({ sector: 'STATE', nationalId: undefined })).toEqual([
      'entity:421',
      'legalRepresentative:419',
      'bankAccount:418',
    ]);
    expect(
      refs({
        sector: 'ESTATE_BIG_CLIENT',
        entity: 'Mipyme',
        legalRepresentative: 'Ana',
        bankAccount: '1234 5678 1234 5678',
      }),
    ).toEqual([]);
  });

  it('needs the code and its proof for a procedure on a contract, unless the caller has the code', () => {
    expect(refs({ procedureType: 'METER_INSTALLATION' })).toEqual(['clientCode:430', 'proof:499']);
    expect(
      refs({ procedureType: 'METER_INSTALLATION', clientCode: '2300000000003' }, { callerHasCode: true }),
    ).toEqual([]);
    expect(
      refs(
        { procedureType: 'METER_INSTALLATION', clientCode: '12', proof: 'x' },
        { clientCodePattern: /^\d{8,15}$/ },
      ),
    ).toEqual(['clientCode:430']);
  });

  it('marks missing fields as required and wrong ones as invalid', () => {
    const problems = contractRequestProblems({ ...residential, fullName: '', nucleusPeople: 40 } as never);
    expect(problems).toEqual([
      { field: 'fullName', reference: 410, kind: 'required' },
      { field: 'nucleusPeople', reference: 428, kind: 'invalid' },
    ]);
  });
});
