export interface Person {
  _id: string;
  fullName: string;
  email: string;
}

/** An access request as `POST /api/access-requests/search` returns it. */
export interface AccessRequest {
  _id: string;
  id: string;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  justification: string;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  role: { _id: string; name: string; superAdmin: boolean };
  requester: Person;
  decidedBy: Person | null;
}

export interface RoleChoice {
  _id: string;
  name: string;
  superAdmin: boolean;
}
