/** A role as `POST /api/security/roles/search` returns it. */
export interface Role {
  _id: string;
  id: string;
  name: string;
  /** The Spanish description (older clients read this one). */
  description: string | null;
  /** The description in both languages; English may be missing (then the Spanish one is shown). */
  descriptions?: { es: string | null; en: string | null };
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

/** A role's description in the reader's language, the Spanish one when there is none in theirs. */
export function roleDescription(
  role: Pick<Role, 'description' | 'descriptions'>,
  language: string,
): string | null {
  const es = role.descriptions?.es ?? role.description;
  return (language === 'en' ? role.descriptions?.en || es : es) || null;
}
