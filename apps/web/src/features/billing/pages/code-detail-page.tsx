import '../i18n';
import '../billing.css';
import { useParams } from 'react-router';
import { CodeDetail } from '../components/code-detail';

/** `/clientCodes/:cc`: one of the customer's codes. */
export default function CodeDetailPage() {
  const { cc = '' } = useParams();
  return <CodeDetail key={cc} cc={cc} viewer="customer" />;
}
