import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/card/card';
import { Tabs } from '../../../components/tabs/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { PATHS } from '../../../lib/urls';
import { UserView } from '../components/user-view';

/** The signed-in user's profile; editing (avatar, names, password) arrives with the profile capability. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = 'personal' } = useParams();
  const { user } = useCurrentUser();
  return (
    <>
      <div className="ov-page-header">
        <h1>{t('menu.profile')}</h1>
      </div>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(`${PATHS.profile}/${key}`)}
          items={[
            {
              key: 'personal',
              label: t('profile.personal'),
              children: (
                <>
                  <UserView user={user} />
                  <p className="ov-muted">{t('profile.editComing')}</p>
                </>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
