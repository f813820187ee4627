import { useLocation, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../../lib/urls';
import type { User } from '../types';
import { UserView, type UserViewTab } from './user-view';

/** The general/personal tabs of the detail follow the URL: `/admin/users/{id}` and `{id}/personal`. */
export function RoutedUserView({ user, showSecondFactors }: { user: User; showSecondFactors?: boolean }) {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const tab: UserViewTab = (params['*'] ?? '').split('/')[1] === 'personal' ? 'personal' : 'general';
  const base = `${PATHS.users}/${encodeURIComponent(user._id)}`;
  return (
    <UserView
      user={user}
      tab={tab}
      showSecondFactors={showSecondFactors}
      onTab={(next) =>
        navigate({ pathname: next === 'personal' ? `${base}/personal` : base, search: location.search })
      }
    />
  );
}
