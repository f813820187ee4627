import { CrownOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../../lib/role-label';
import '../../../components/text/text.css';

export { roleLabel };

/** The role's name in the reader's language (never its raw key, e.g. SUPER_ADMIN); the super-admin highlighted. */
export function RoleName({ name, superAdmin }: { name: string; superAdmin: boolean }) {
  const { t } = useTranslation();
  const label = roleLabel(t, name);
  return (
    <span className="ov-security__role-name">
      {superAdmin ? (
        <Tag color="gold" icon={<CrownOutlined />} className="ov-security__super">
          {label}
        </Tag>
      ) : (
        <strong className="ov-strong">{label}</strong>
      )}
    </span>
  );
}
