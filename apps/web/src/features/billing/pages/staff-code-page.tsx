import '../i18n';
import '../billing.css';
import { useParams } from 'react-router';
import { CodeDetail } from '../components/code-detail';

/** `/admin/client-codes/:cc`: any code in the staff member's scope, read-only. */
export default function StaffCodePage() {
  const { cc = '' } = useParams();
  return <CodeDetail key={cc} cc={cc} viewer="staff" />;
}
