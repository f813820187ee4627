import { CrownOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TagList } from '../../../components/tag-list/tag-list';
import type { RoleRef } from '../../../lib/current-user';
import { roleLabel } from './role-label';

/**
 * Role names, translated when known; the super administrator stands out. In a table cell (`max`) the
 * roles past the first ones fold into "+N".
 */
export function UserRoles({
  roles,
  max = Number.POSITIVE_INFINITY,
}: {
  roles: RoleRef[] | undefined;
  max?: number;
}) {
  const { t } = useTranslation();
  const named = (roles ?? []).filter((entry) => entry.role);
  if (named.length === 0) return <span>—</span>;
  return (
    <TagList
      max={max}
      tags={named.map(({ role }) =>
        role?.superAdmin ? (
          <Tag key={role.name} color="gold" icon={<CrownOutlined />}>
            {roleLabel(t, role.name)}
          </Tag>
        ) : (
          <Tag key={role?.name} color="blue">
            {roleLabel(t, role?.name ?? '')}
          </Tag>
        ),
      )}
    />
  );
}
