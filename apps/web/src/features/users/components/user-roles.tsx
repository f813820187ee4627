import { CrownOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleRef } from '../../../lib/current-user';
import { roleLabel } from './role-label';

/** Role names, translated when known; the super administrator stands out. */
export function UserRoles({ roles }: { roles: RoleRef[] | undefined }) {
  const { t } = useTranslation();
  const named = (roles ?? []).filter((entry) => entry.role);
  if (named.length === 0) return <span>—</span>;
  return (
    <Space size={[4, 4]} wrap>
      {named.map(({ role }) =>
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
    </Space>
  );
}
