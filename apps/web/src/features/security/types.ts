/** A role as `POST /api/security/roles/search` returns it. */
export interface Role {
  _id: string;
  id: string;
  name: string;
  description: string | null;
  superAdmin: boolean;
  /** SUPER_ADMIN and USER: cannot be renamed, removed or given other permissions. */
  system: boolean;
  permissions: string[];
  /** How many users hold the role. */
  users: number;
  createdAt: string;
}

export interface PermissionGroupRow {
  group: string;
  actions: string[];
  permissions: string[];
}
